//! The field digest over archived records, read in place, in the same
//! order as the owned records' [`Digestible`] impls.

use crate::records::{
    ArchivedCustomer, ArchivedLineItem, ArchivedLogRecord, ArchivedOrder, ArchivedTelemetry,
    Digest, Digestible,
};

impl Digestible for ArchivedLogRecord {
    fn digest_into(&self, d: &mut Digest) {
        d.int(self.timestamp_ms.to_native() as u64);
        for b in self.ip {
            d.int(u64::from(b));
        }
        d.int(self.user_id.to_native());
        d.bytes(self.method.as_bytes());
        d.bytes(self.path.as_bytes());
        d.int(u64::from(self.status.to_native()));
        d.int(self.bytes.to_native());
        d.opt_bytes(self.referrer.as_ref().map(|s| s.as_bytes()));
        d.bytes(self.user_agent.as_bytes());
    }
}

impl Digestible for ArchivedTelemetry {
    fn digest_into(&self, d: &mut Digest) {
        d.int(self.timestamp_us.to_native() as u64);
        d.int(u64::from(self.sensor.to_native()));
        for r in &self.readings {
            d.float(r.to_native());
        }
        for c in &self.counters {
            d.int(i64::from(c.to_native()) as u64);
        }
        d.int(u64::from(self.flags));
    }
}

impl Digestible for ArchivedOrder {
    fn digest_into(&self, d: &mut Digest) {
        d.int(self.id.to_native());
        self.customer.digest_into(d);
        d.int(self.items.len() as u64);
        for item in self.items.iter() {
            item.digest_into(d);
        }
        d.int(self.attributes.len() as u64);
        // `visit` walks the tree in key order without the heap stack `iter` keeps.
        self.attributes.visit(|k, v| {
            d.bytes(k.as_bytes());
            d.bytes(v.as_bytes());
            std::ops::ControlFlow::<()>::Continue(())
        });
        d.opt_bytes(self.note.as_ref().map(|s| s.as_bytes()));
    }
}

impl Digestible for ArchivedCustomer {
    fn digest_into(&self, d: &mut Digest) {
        d.int(self.id.to_native());
        d.bytes(self.name.as_bytes());
        d.opt_bytes(self.email.as_ref().map(|s| s.as_bytes()));
        d.int(self.tags.len() as u64);
        for t in self.tags.iter() {
            d.bytes(t.as_bytes());
        }
    }
}

impl Digestible for ArchivedLineItem {
    fn digest_into(&self, d: &mut Digest) {
        d.bytes(self.sku.as_bytes());
        d.int(u64::from(self.quantity.to_native()));
        d.int(self.price_cents.to_native() as u64);
        match self.discount.as_ref() {
            None => d.int(0),
            Some(v) => {
                d.int(1);
                d.float(v.to_native());
            }
        }
    }
}
