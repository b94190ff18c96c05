//! A digest of every field of a record batch. Zero-copy views
//! ([`crate::RecordView`]) fold the fields they read in place into the same
//! digest, so a view is verified against the owned records like a decoder
//! is, and cannot skip a field without the check failing.
//!
//! The fold, field by field in declaration order: integers and bools as
//! `u64` (signed ones sign-extended), floats by their bit pattern, strings
//! and byte strings as their length then every byte, an absent option as 0
//! and a present one as 1 then its value, lists and maps as their length
//! then each element (map entries key then value, in key order), fixed
//! arrays element by element without a length.

use super::{Customer, LineItem, LogRecord, Order, Telemetry};

/// The running digest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Digest(u64);

impl Default for Digest {
    fn default() -> Self {
        Digest(0x243f_6a88_85a3_08d3)
    }
}

impl Digest {
    /// Folds one integer (or bool, or float bits) in.
    #[inline]
    pub fn int(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    /// Folds a float in by its bit pattern.
    #[inline]
    pub fn float(&mut self, value: f64) {
        self.int(value.to_bits());
    }

    /// Folds a string's or byte string's length and every byte in.
    #[inline]
    pub fn bytes(&mut self, value: &[u8]) {
        self.int(value.len() as u64);
        let sum = value.iter().fold(0u64, |acc, &b| {
            acc.wrapping_mul(31).wrapping_add(u64::from(b))
        });
        self.int(sum);
    }

    /// Folds an optional string in.
    #[inline]
    pub fn opt_bytes(&mut self, value: Option<&[u8]>) {
        match value {
            None => self.int(0),
            Some(v) => {
                self.int(1);
                self.bytes(v);
            }
        }
    }

    /// The digest so far.
    pub fn finish(self) -> u64 {
        self.0
    }
}

/// A record whose fields fold into a [`Digest`].
pub trait Digestible {
    /// Folds every field in, in declaration order.
    fn digest_into(&self, d: &mut Digest);
}

/// The digest of a whole batch: its length, then each record.
pub fn digest_of<R: Digestible>(records: &[R]) -> u64 {
    let mut d = Digest::default();
    d.int(records.len() as u64);
    for r in records {
        r.digest_into(&mut d);
    }
    d.finish()
}

impl Digestible for LogRecord {
    fn digest_into(&self, d: &mut Digest) {
        d.int(self.timestamp_ms as u64);
        for b in self.ip {
            d.int(u64::from(b));
        }
        d.int(self.user_id);
        d.bytes(self.method.as_bytes());
        d.bytes(self.path.as_bytes());
        d.int(u64::from(self.status));
        d.int(self.bytes);
        d.opt_bytes(self.referrer.as_deref().map(str::as_bytes));
        d.bytes(self.user_agent.as_bytes());
    }
}

impl Digestible for Telemetry {
    fn digest_into(&self, d: &mut Digest) {
        d.int(self.timestamp_us as u64);
        d.int(u64::from(self.sensor));
        for r in self.readings {
            d.float(r);
        }
        for c in self.counters {
            d.int(i64::from(c) as u64);
        }
        d.int(u64::from(self.flags));
    }
}

impl Digestible for Order {
    fn digest_into(&self, d: &mut Digest) {
        d.int(self.id);
        self.customer.digest_into(d);
        d.int(self.items.len() as u64);
        for item in &self.items {
            item.digest_into(d);
        }
        d.int(self.attributes.len() as u64);
        for (k, v) in &self.attributes {
            d.bytes(k.as_bytes());
            d.bytes(v.as_bytes());
        }
        d.opt_bytes(self.note.as_deref().map(str::as_bytes));
    }
}

impl Digestible for Customer {
    fn digest_into(&self, d: &mut Digest) {
        d.int(self.id);
        d.bytes(self.name.as_bytes());
        d.opt_bytes(self.email.as_deref().map(str::as_bytes));
        d.int(self.tags.len() as u64);
        for t in &self.tags {
            d.bytes(t.as_bytes());
        }
    }
}

impl Digestible for LineItem {
    fn digest_into(&self, d: &mut Digest) {
        d.bytes(self.sku.as_bytes());
        d.int(u64::from(self.quantity));
        d.int(self.price_cents as u64);
        match self.discount {
            None => d.int(0),
            Some(v) => {
                d.int(1);
                d.float(v);
            }
        }
    }
}
