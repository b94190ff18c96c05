//! The ASN.1 codecs' bound on record types, compiled with or without the
//! `asn1` feature so that [`super::MatrixRecord`] can always name it.

super::feature_bound!(
    "asn1",
    /// What the ASN.1 codecs need: a `rasn` mirror of the record.
    Asn1Bound: crate::asn1::Asn1Record
);
