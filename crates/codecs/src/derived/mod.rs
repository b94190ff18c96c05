//! Schema'd binary formats whose layout comes from derive macros on the
//! record types themselves (borsh, speedy, wincode): no serde in between.

mod borsh;
mod speedy;
mod wincode;

pub use self::borsh::Borsh;
pub use self::speedy::Speedy;
pub use self::wincode::Wincode;
