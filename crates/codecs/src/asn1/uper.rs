//! `record/asn1-uper`.

asn1_codec!(
    Uper,
    uper,
    "ASN.1 unaligned PER (X.691) through rasn: as aligned PER without the \
     padding, so every field after the first odd-sized one is bit-shifted. \
     Canonical encoder, basic decoder."
);
