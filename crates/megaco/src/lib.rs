//! Megaco (H.248, RFC 3525) messages for encbench: a typed model shaped
//! like the ASN.1 `MEDIA-GATEWAY-CONTROL-v3` module, one hand-written text
//! parser for both pretty and compact text, the two text encoders, the
//! loader of Erlang/OTP's 149 timing-test messages, and [`codec`]s over it.

pub mod codec;
pub mod data;
mod encode;
mod error;
pub mod model;
mod parse;
pub mod samples;
pub mod tokens;

pub use encode::{encode_compact, encode_pretty};
pub use error::ParseError;
pub use model::MegacoMessage;
pub use parse::parse;
