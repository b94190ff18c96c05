//! Erlang/OTP megaco's binary name tables (`megaco_binary_name_resolver_v*`):
//! the text names of package items and their parameters and the 4- and
//! 2-octet names the ASN.1 modules carry. STUB: to be generated.
#![allow(dead_code, unused_variables)]

/// What a package item is; the same text names differ by scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    Property,
    Event,
    Signal,
    Statistics,
}

/// `pkg/item` (or a native item without package, such as SDP's `v`) →
/// its 4-octet `PkgdName` in module `version`; `pkg/*` gives `pkg FFFF`.
pub(crate) fn pkgd_name(version: u8, scope: Scope, text: &[u8]) -> Option<[u8; 4]> {
    None
}

/// Writes the text of a 4-octet `PkgdName`; false when the table lacks it.
pub(crate) fn write_pkgd_name(version: u8, scope: Scope, id: [u8; 4], out: &mut Vec<u8>) -> bool {
    false
}

/// A parameter of event or signal `owner` (its 4-octet name) → its
/// 2-octet `Name`. `scope` is `Event` or `Signal`.
pub(crate) fn parameter(version: u8, scope: Scope, owner: [u8; 4], text: &[u8]) -> Option<[u8; 2]> {
    None
}

/// Writes a parameter's text; false when the table lacks it.
pub(crate) fn write_parameter(
    version: u8,
    scope: Scope,
    owner: [u8; 4],
    id: [u8; 2],
    out: &mut Vec<u8>,
) -> bool {
    false
}

/// A package name (`PackagesItem.packageName`) → its 2 octets.
pub(crate) fn package(version: u8, text: &[u8]) -> Option<[u8; 2]> {
    None
}

/// Writes a package's text; false when the table lacks it.
pub(crate) fn write_package(version: u8, id: [u8; 2], out: &mut Vec<u8>) -> bool {
    false
}
