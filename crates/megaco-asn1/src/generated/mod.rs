//! Rust types for the three MEDIA-GATEWAY-CONTROL modules, written by
//! rasn-compiler (see the crate README for the command) and committed as
//! generated; edit the ASN.1 and regenerate rather than editing these.

#[rustfmt::skip]
mod v1;
#[rustfmt::skip]
mod v2;
#[rustfmt::skip]
mod v3;

pub use v1::media_gateway_control_v1;
pub use v2::media_gateway_control_v2;
pub use v3::media_gateway_control_v3;
