//! ASN.1 encodings of whole record batches through `rasn`: BER, DER, aligned
//! and unaligned PER, and canonical OER. One schema (`Records.asn`, beside
//! this file) serves every rule set; a batch is a `SEQUENCE OF` the record
//! type. The layout comes from the schema, so no field names travel; BER and
//! DER still tag and length-prefix every field, PER packs bits by the
//! constraints, OER writes constrained integers at fixed widths.

/// Declares a unit codec over `Vec<R>` for one `rasn` rule-set module.
///
/// Encoding builds the batch's mirrors (borrowing every string) and hands
/// them to rasn, which writes into `out`; decoding reads owned mirrors and
/// moves their strings into the records. So both directions measure rasn
/// plus one shallow conversion per record, no string copies.
macro_rules! asn1_codec {
    ($name:ident, $rules:ident, $doc:literal) => {
        #[doc = $doc]
        pub struct $name<R>(std::marker::PhantomData<fn() -> R>);

        impl<R> Default for $name<R> {
            fn default() -> Self {
                $name(std::marker::PhantomData)
            }
        }

        impl<R: super::Asn1Record> crate::Codec<Vec<R>> for $name<R> {
            fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), crate::CodecError> {
                let batch: Vec<R::Encoded<'_>> = value.iter().map(R::to_asn).collect();
                rasn::$rules::encode_buf(&batch, out)
                    .map_err(|e| crate::CodecError::library("rasn", e))
            }

            fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, crate::CodecError> {
                // rasn's errors carry no byte offset; a value followed by
                // more bytes is reported with one.
                let (batch, rest): (Vec<R::Decoded>, &[u8]) =
                    rasn::$rules::decode_with_remainder(bytes)
                        .map_err(|e| crate::CodecError::library("rasn", e))?;
                crate::CodecError::check_consumed(bytes.len() - rest.len(), bytes.len())?;
                batch.into_iter().map(R::from_asn).collect()
            }
        }
    };
}

mod aper;
mod ber;
mod coer;
mod der;
mod types;
mod uper;

#[cfg(test)]
mod tests;

pub use aper::Aper;
pub use ber::Ber;
pub use coer::Coer;
pub use der::Der;
pub use types::{
    AttributeAsn, CustomerAsn, Float64, LineItemAsn, LogRecordAsn, OrderAsn, TelemetryAsn,
};
pub use uper::Uper;

use crate::CodecError;

/// A record type with an ASN.1 mirror (see `Records.asn`).
pub trait Asn1Record: Sized + Send + Sync + 'static {
    /// The mirror the encoder writes, borrowing the record's strings.
    type Encoded<'a>: rasn::Encode
    where
        Self: 'a;
    /// The mirror the decoder reads, owning its strings.
    type Decoded: rasn::Decode;

    /// The record as its ASN.1 mirror.
    fn to_asn(&self) -> Self::Encoded<'_>;

    /// The record back from its mirror; fails on a value the schema allows
    /// but the record cannot hold (such as a map with a repeated key).
    fn from_asn(value: Self::Decoded) -> Result<Self, CodecError>;
}
