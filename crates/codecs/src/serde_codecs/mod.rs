//! Serde-based encodings of whole record batches (`Vec<T>`), one file each:
//! the text and schemaless/schema binary formats the codec matrix compares,
//! with their versions over user tables (`…Table`) below them where `file`
//! offers the format.

/// Declares a unit codec type over `Vec<T>` from an encode and a decode expression.
macro_rules! serde_codec {
    ($name:ident, $doc:literal, $encode:expr, $decode:expr) => {
        #[doc = $doc]
        pub struct $name<T>(PhantomData<fn() -> T>);

        impl<T> Default for $name<T> {
            fn default() -> Self {
                $name(PhantomData)
            }
        }

        impl<T: SerdeRecord> Codec<Vec<T>> for $name<T> {
            fn encode(&self, value: &Vec<T>, out: &mut Vec<u8>) -> Result<(), CodecError> {
                ($encode)(value, out)
            }

            fn decode(&self, bytes: &[u8]) -> Result<Vec<T>, CodecError> {
                ($decode)(bytes)
            }
        }
    };
}

mod bincode;
mod bitcode;
#[cfg(feature = "self-describing")]
mod bson;
#[cfg(feature = "self-describing")]
mod cbor;
mod csv;
mod json;
mod json_lines;
#[cfg(feature = "self-describing")]
mod msgpack;
mod postcard;
mod ron;
#[cfg(feature = "simd-json")]
mod simd;

pub use self::bincode::Bincode;
#[cfg(feature = "tables")]
pub use self::bincode::BincodeTable;
pub use self::bitcode::Bitcode;
#[cfg(feature = "self-describing")]
pub use self::bson::Bson;
#[cfg(feature = "self-describing")]
pub use self::cbor::Cbor;
#[cfg(all(feature = "self-describing", feature = "tables"))]
pub use self::cbor::CborTable;
pub use self::csv::Csv;
#[cfg(feature = "tables")]
pub use self::csv::CsvTable;
pub use self::postcard::Postcard;
#[cfg(feature = "tables")]
pub use self::postcard::PostcardTable;
pub use self::ron::Ron;
pub use json::Json;
pub use json_lines::JsonLines;
#[cfg(feature = "tables")]
pub use json_lines::JsonLinesTable;
#[cfg(all(feature = "self-describing", feature = "tables"))]
pub use msgpack::MessagePackTable;
#[cfg(feature = "self-describing")]
pub use msgpack::{MessagePack, MessagePackCompact};
#[cfg(feature = "simd-json")]
pub use simd::SimdJson;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// What a record type needs to go through every serde codec.
pub trait SerdeRecord:
    Serialize + DeserializeOwned + PartialEq + Clone + Send + Sync + 'static
{
}
impl<T: Serialize + DeserializeOwned + PartialEq + Clone + Send + Sync + 'static> SerdeRecord
    for T
{
}

#[cfg(test)]
mod tests;
