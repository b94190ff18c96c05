//! [`FlatRecord`] for the three matrix records: build, read back, visit.
//!
//! Absent vectors (written for empty lists and empty batches) read as
//! empty. Required fields (`(required)` in the schema) are checked by the
//! verifier, which is why their generated accessors return plain values.

use super::{schema, Builder, FlatRecord};
use crate::records::{Customer, Digest, LineItem, LogRecord, Order, Telemetry};
use flatbuffers::{ForwardsUOffset, Vector};
use std::collections::BTreeMap;

/// Folds a vector's length, or 0 for an absent one.
fn len_of<T>(vector: Option<Vector<'_, T>>) -> u64 {
    vector.map_or(0, |v| v.len() as u64)
}

/// Iterates a vector of tables or strings, or nothing for an absent one.
fn each<'a, T: flatbuffers::Follow<'a> + 'a>(
    vector: Option<Vector<'a, ForwardsUOffset<T>>>,
) -> impl Iterator<Item = T::Inner> {
    vector.into_iter().flat_map(|v| v.iter())
}

impl FlatRecord for LogRecord {
    fn build_batch(b: &mut Builder, records: &[Self]) {
        let mark = b.mark();
        for r in records {
            let method = b.fbb.create_string(&r.method);
            let path = b.fbb.create_string(&r.path);
            let referrer = r.referrer.as_deref().map(|s| b.fbb.create_string(s));
            let user_agent = b.fbb.create_string(&r.user_agent);
            let ip = schema::Ipv4::new(&r.ip);
            let record = schema::LogRecord::create(
                &mut b.fbb,
                &schema::LogRecordArgs {
                    timestamp_ms: r.timestamp_ms,
                    ip: Some(&ip),
                    user_id: r.user_id,
                    method: Some(method),
                    path: Some(path),
                    status: r.status,
                    bytes: r.bytes,
                    referrer,
                    user_agent: Some(user_agent),
                },
            );
            b.push(record);
        }
        let logs = b.vector::<schema::LogRecord>(mark);
        let root = schema::Batch::create(
            &mut b.fbb,
            &schema::BatchArgs {
                logs,
                ..Default::default()
            },
        );
        b.finish(root);
    }

    fn read_batch(batch: schema::Batch<'_>) -> Vec<Self> {
        each(batch.logs())
            .map(|r| LogRecord {
                timestamp_ms: r.timestamp_ms(),
                ip: r.ip().octets().into(),
                user_id: r.user_id(),
                method: r.method().to_owned(),
                path: r.path().to_owned(),
                status: r.status(),
                bytes: r.bytes(),
                referrer: r.referrer().map(str::to_owned),
                user_agent: r.user_agent().to_owned(),
            })
            .collect()
    }

    fn visit_batch(batch: schema::Batch<'_>, d: &mut Digest) {
        let logs = batch.logs();
        d.int(len_of(logs));
        for r in each(logs) {
            d.int(r.timestamp_ms() as u64);
            for octet in r.ip().octets().iter() {
                d.int(u64::from(octet));
            }
            d.int(r.user_id());
            d.bytes(r.method().as_bytes());
            d.bytes(r.path().as_bytes());
            d.int(u64::from(r.status()));
            d.int(r.bytes());
            d.opt_bytes(r.referrer().map(str::as_bytes));
            d.bytes(r.user_agent().as_bytes());
        }
    }
}

impl FlatRecord for Telemetry {
    fn build_batch(b: &mut Builder, records: &[Self]) {
        let telemetry = (!records.is_empty()).then(|| {
            b.fbb.create_vector_from_iter(records.iter().map(|t| {
                schema::Telemetry::new(t.timestamp_us, t.sensor, &t.readings, &t.counters, t.flags)
            }))
        });
        let root = schema::Batch::create(
            &mut b.fbb,
            &schema::BatchArgs {
                telemetry,
                ..Default::default()
            },
        );
        b.finish(root);
    }

    fn read_batch(batch: schema::Batch<'_>) -> Vec<Self> {
        batch
            .telemetry()
            .into_iter()
            .flat_map(|v| v.iter())
            .map(|t| Telemetry {
                timestamp_us: t.timestamp_us(),
                sensor: t.sensor(),
                readings: t.readings().into(),
                counters: t.counters().into(),
                flags: t.flags(),
            })
            .collect()
    }

    fn visit_batch(batch: schema::Batch<'_>, d: &mut Digest) {
        let telemetry = batch.telemetry();
        d.int(len_of(telemetry));
        for t in telemetry.into_iter().flat_map(|v| v.iter()) {
            d.int(t.timestamp_us() as u64);
            d.int(u64::from(t.sensor()));
            for r in t.readings().iter() {
                d.float(r);
            }
            for c in t.counters().iter() {
                d.int(i64::from(c) as u64);
            }
            d.int(u64::from(t.flags()));
        }
    }
}

impl FlatRecord for Order {
    fn build_batch(b: &mut Builder, records: &[Self]) {
        let orders_mark = b.mark();
        for o in records {
            let customer = build_customer(b, &o.customer);
            let mark = b.mark();
            for item in &o.items {
                let sku = b.fbb.create_string(&item.sku);
                let line = schema::LineItem::create(
                    &mut b.fbb,
                    &schema::LineItemArgs {
                        sku: Some(sku),
                        quantity: item.quantity,
                        price_cents: item.price_cents,
                        discount: item.discount,
                    },
                );
                b.push(line);
            }
            let items = b.vector::<schema::LineItem>(mark);
            let mark = b.mark();
            for (key, value) in &o.attributes {
                let key = b.fbb.create_string(key);
                let value = b.fbb.create_string(value);
                let attribute = schema::Attribute::create(
                    &mut b.fbb,
                    &schema::AttributeArgs {
                        key: Some(key),
                        value: Some(value),
                    },
                );
                b.push(attribute);
            }
            let attributes = b.vector::<schema::Attribute>(mark);
            let note = o.note.as_deref().map(|s| b.fbb.create_string(s));
            let order = schema::Order::create(
                &mut b.fbb,
                &schema::OrderArgs {
                    id: o.id,
                    customer: Some(customer),
                    items,
                    attributes,
                    note,
                },
            );
            b.push(order);
        }
        let orders = b.vector::<schema::Order>(orders_mark);
        let root = schema::Batch::create(
            &mut b.fbb,
            &schema::BatchArgs {
                orders,
                ..Default::default()
            },
        );
        b.finish(root);
    }

    fn read_batch(batch: schema::Batch<'_>) -> Vec<Self> {
        each(batch.orders())
            .map(|o| {
                let c = o.customer();
                Order {
                    id: o.id(),
                    customer: Customer {
                        id: c.id(),
                        name: c.name().to_owned(),
                        email: c.email().map(str::to_owned),
                        tags: each(c.tags()).map(str::to_owned).collect(),
                    },
                    items: each(o.items())
                        .map(|item| LineItem {
                            sku: item.sku().to_owned(),
                            quantity: item.quantity(),
                            price_cents: item.price_cents(),
                            discount: item.discount(),
                        })
                        .collect(),
                    attributes: each(o.attributes())
                        .map(|a| (a.key().to_owned(), a.value().to_owned()))
                        .collect::<BTreeMap<_, _>>(),
                    note: o.note().map(str::to_owned),
                }
            })
            .collect()
    }

    fn visit_batch(batch: schema::Batch<'_>, d: &mut Digest) {
        let orders = batch.orders();
        d.int(len_of(orders));
        for o in each(orders) {
            d.int(o.id());
            let c = o.customer();
            d.int(c.id());
            d.bytes(c.name().as_bytes());
            d.opt_bytes(c.email().map(str::as_bytes));
            let tags = c.tags();
            d.int(len_of(tags));
            for tag in each(tags) {
                d.bytes(tag.as_bytes());
            }
            let items = o.items();
            d.int(len_of(items));
            for item in each(items) {
                d.bytes(item.sku().as_bytes());
                d.int(u64::from(item.quantity()));
                d.int(item.price_cents() as u64);
                match item.discount() {
                    None => d.int(0),
                    Some(v) => {
                        d.int(1);
                        d.float(v);
                    }
                }
            }
            let attributes = o.attributes();
            d.int(len_of(attributes));
            for a in each(attributes) {
                d.bytes(a.key().as_bytes());
                d.bytes(a.value().as_bytes());
            }
            d.opt_bytes(o.note().map(str::as_bytes));
        }
    }
}

/// Writes one customer table (its strings and tag vector first).
fn build_customer(
    b: &mut Builder,
    c: &Customer,
) -> flatbuffers::WIPOffset<schema::Customer<'static>> {
    let name = b.fbb.create_string(&c.name);
    let email = c.email.as_deref().map(|s| b.fbb.create_string(s));
    let mark = b.mark();
    for tag in &c.tags {
        let tag = b.fbb.create_string(tag);
        b.push(tag);
    }
    let tags = b.vector::<&str>(mark);
    schema::Customer::create(
        &mut b.fbb,
        &schema::CustomerArgs {
            id: c.id,
            name: Some(name),
            email,
            tags,
        },
    )
}
