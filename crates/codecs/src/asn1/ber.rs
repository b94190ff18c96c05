//! `record/asn1-ber`.

asn1_codec!(
    Ber,
    ber,
    "ASN.1 BER (X.690) through rasn: a tag and a length before every field. \
     rasn writes definite lengths and primitive strings (so its BER is \
     byte-for-byte its DER); the decoder takes any BER, indefinite lengths \
     and constructed strings included. Floats travel as `Float64` (see \
     `Records.asn`)."
);
