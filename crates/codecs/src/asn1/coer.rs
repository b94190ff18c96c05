//! `record/asn1-coer`.

asn1_codec!(
    Coer,
    coer,
    "ASN.1 canonical OER (X.696) through rasn: no tags, constrained integers \
     at fixed byte widths, length-prefixed strings and lists. The decoder \
     rejects non-canonical OER. Not safe on untrusted input with rasn 0.30: \
     a SEQUENCE OF's claimed quantity is preallocated before any element is \
     read (see the ignored test in `tests.rs`)."
);
