//! `record/asn1-der`.

asn1_codec!(
    Der,
    der,
    "ASN.1 DER (X.690) through rasn: BER's canonical form. Same bytes as \
     `record/asn1-ber`; the decoder rejects every non-canonical form, so \
     the pair shows what that checking costs."
);
