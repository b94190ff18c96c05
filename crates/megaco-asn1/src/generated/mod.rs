//! Rust types for the three MEDIA-GATEWAY-CONTROL modules, written by
//! rasn-compiler (see the crate README for the command) and committed as
//! generated; edit the ASN.1 and regenerate rather than editing these.

// Generated code keeps the compiler's shapes (e.g. CHOICEs whose variants
// differ in size); clippy's advice is for hand-written code.
#[rustfmt::skip]
#[allow(clippy::all)]
mod v1;
#[rustfmt::skip]
#[allow(clippy::all)]
mod v2;
#[rustfmt::skip]
#[allow(clippy::all)]
mod v3;

pub use v1::media_gateway_control_v1;
pub use v2::media_gateway_control_v2;
pub use v3::media_gateway_control_v3;
