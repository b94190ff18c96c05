//! Toy workloads for the tests: small, deterministic, with known failures.

use crate::Workload;

/// Requests are decimal numbers; the reply is the number plus one. Anything
/// else (empty, a non-digit, too large) is refused.
pub(crate) struct Decimal;

impl Workload for Decimal {
    fn serve(&self, request: &[u8], reply: &mut Vec<u8>) -> Result<(), String> {
        let text = std::str::from_utf8(request).map_err(|e| e.to_string())?;
        let n: u64 = text.parse().map_err(|e| format!("{text:?}: {e}"))?;
        reply.clear();
        reply.extend_from_slice((n + 1).to_string().as_bytes());
        Ok(())
    }
}

/// `n` decimal numbers of 3 to 8 digits.
pub(crate) fn decimal_messages(n: usize) -> Vec<Vec<u8>> {
    (0..n)
        .map(|i| {
            (100 + i as u64 * 7919 % 99_999_000)
                .to_string()
                .into_bytes()
        })
        .collect()
}
