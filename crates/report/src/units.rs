//! Numbers for people (the helpers live in `encbench_format`, below every view).

pub use encbench_format::units::*;
