//! `record/asn1-per`.

asn1_codec!(
    Aper,
    aper,
    "ASN.1 aligned PER (X.691) through rasn: no tags, integers packed by \
     their constrained ranges, lengths and octet strings padded to octet \
     boundaries. Canonical encoder, basic decoder."
);
