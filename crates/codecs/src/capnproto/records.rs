//! [`CapnpRecord`] for the three matrix records: build, read back, visit.
//!
//! A null list reads as an empty one (the builder always writes the list);
//! a null text pointer is an absent optional string. Telemetry's fixed
//! arrays are lists whose length is checked on the way in.

use super::{schema, CapnpRecord};
use crate::records::{Customer, Digest, LineItem, LogRecord, Order, Telemetry};
use capnp::text;
use schema::line_item::discount;
use std::collections::BTreeMap;

/// A list length Cap'n Proto can encode (fewer than 2^29 elements).
fn list_len(len: usize) -> capnp::Result<u32> {
    u32::try_from(len)
        .ok()
        .filter(|&n| n < 1 << 29)
        .ok_or_else(|| capnp::Error::failed(format!("{len} elements: too many for a list")))
}

/// Text as `&str` (checked UTF-8).
fn str_of(text: capnp::Result<text::Reader<'_>>) -> capnp::Result<&str> {
    Ok(text?.to_str()?)
}

/// An optional text: null is `None`.
fn opt_str<'a>(
    present: bool,
    text: capnp::Result<text::Reader<'a>>,
) -> capnp::Result<Option<&'a str>> {
    if present {
        str_of(text).map(Some)
    } else {
        Ok(None)
    }
}

/// Copies a list of `len` values that must hold exactly `N` into an array.
fn fixed<T: Copy + Default, const N: usize>(
    len: u32,
    get: impl Fn(u32) -> T,
    what: &str,
) -> capnp::Result<[T; N]> {
    if len as usize != N {
        return Err(capnp::Error::failed(format!(
            "{what}: {len} values where the record has {N}"
        )));
    }
    let mut out = [T::default(); N];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = get(i as u32);
    }
    Ok(out)
}

impl CapnpRecord for LogRecord {
    fn build_batch(batch: schema::batch::Builder<'_>, records: &[Self]) -> capnp::Result<()> {
        let mut list = batch.init_logs(list_len(records.len())?);
        for (i, r) in records.iter().enumerate() {
            let mut b = list.reborrow().get(i as u32);
            b.set_timestamp_ms(r.timestamp_ms);
            b.set_ip(u32::from_be_bytes(r.ip));
            b.set_user_id(r.user_id);
            b.set_method(r.method.as_str());
            b.set_path(r.path.as_str());
            b.set_status(r.status);
            b.set_bytes(r.bytes);
            if let Some(referrer) = &r.referrer {
                b.set_referrer(referrer.as_str());
            }
            b.set_user_agent(r.user_agent.as_str());
        }
        Ok(())
    }

    fn read_batch(batch: schema::batch::Reader<'_>) -> capnp::Result<Vec<Self>> {
        let list = batch.get_logs()?;
        let mut out = Vec::with_capacity(list.len() as usize);
        for r in list.iter() {
            out.push(LogRecord {
                timestamp_ms: r.get_timestamp_ms(),
                ip: r.get_ip().to_be_bytes(),
                user_id: r.get_user_id(),
                method: str_of(r.get_method())?.to_owned(),
                path: str_of(r.get_path())?.to_owned(),
                status: r.get_status(),
                bytes: r.get_bytes(),
                referrer: opt_str(r.has_referrer(), r.get_referrer())?.map(str::to_owned),
                user_agent: str_of(r.get_user_agent())?.to_owned(),
            });
        }
        Ok(out)
    }

    fn visit_batch(batch: schema::batch::Reader<'_>, d: &mut Digest) -> capnp::Result<()> {
        let list = batch.get_logs()?;
        d.int(u64::from(list.len()));
        for r in list.iter() {
            d.int(r.get_timestamp_ms() as u64);
            for octet in r.get_ip().to_be_bytes() {
                d.int(u64::from(octet));
            }
            d.int(r.get_user_id());
            d.bytes(str_of(r.get_method())?.as_bytes());
            d.bytes(str_of(r.get_path())?.as_bytes());
            d.int(u64::from(r.get_status()));
            d.int(r.get_bytes());
            d.opt_bytes(opt_str(r.has_referrer(), r.get_referrer())?.map(str::as_bytes));
            d.bytes(str_of(r.get_user_agent())?.as_bytes());
        }
        Ok(())
    }
}

impl CapnpRecord for Telemetry {
    fn build_batch(batch: schema::batch::Builder<'_>, records: &[Self]) -> capnp::Result<()> {
        let mut list = batch.init_telemetry(list_len(records.len())?);
        for (i, t) in records.iter().enumerate() {
            let mut b = list.reborrow().get(i as u32);
            b.set_timestamp_us(t.timestamp_us);
            b.set_sensor(t.sensor);
            b.set_readings(&t.readings[..])?;
            b.set_counters(&t.counters[..])?;
            b.set_flags(t.flags);
        }
        Ok(())
    }

    fn read_batch(batch: schema::batch::Reader<'_>) -> capnp::Result<Vec<Self>> {
        let list = batch.get_telemetry()?;
        let mut out = Vec::with_capacity(list.len() as usize);
        for t in list.iter() {
            out.push(Telemetry {
                timestamp_us: t.get_timestamp_us(),
                sensor: t.get_sensor(),
                readings: {
                    let list = t.get_readings()?;
                    fixed(list.len(), |i| list.get(i), "readings")?
                },
                counters: {
                    let list = t.get_counters()?;
                    fixed(list.len(), |i| list.get(i), "counters")?
                },
                flags: t.get_flags(),
            });
        }
        Ok(out)
    }

    fn visit_batch(batch: schema::batch::Reader<'_>, d: &mut Digest) -> capnp::Result<()> {
        let list = batch.get_telemetry()?;
        d.int(u64::from(list.len()));
        for t in list.iter() {
            d.int(t.get_timestamp_us() as u64);
            d.int(u64::from(t.get_sensor()));
            // Checked like the decoder, but read in place, not copied.
            let readings = t.get_readings()?;
            let counters = t.get_counters()?;
            if readings.len() != 8 || counters.len() != 4 {
                return Err(capnp::Error::failed(format!(
                    "{} readings and {} counters where the record has 8 and 4",
                    readings.len(),
                    counters.len()
                )));
            }
            for r in readings.iter() {
                d.float(r);
            }
            for c in counters.iter() {
                d.int(i64::from(c) as u64);
            }
            d.int(u64::from(t.get_flags()));
        }
        Ok(())
    }
}

impl CapnpRecord for Order {
    fn build_batch(batch: schema::batch::Builder<'_>, records: &[Self]) -> capnp::Result<()> {
        let mut list = batch.init_orders(list_len(records.len())?);
        for (i, o) in records.iter().enumerate() {
            let mut b = list.reborrow().get(i as u32);
            b.set_id(o.id);
            {
                let c = &o.customer;
                let mut cb = b.reborrow().init_customer();
                cb.set_id(c.id);
                cb.set_name(c.name.as_str());
                if let Some(email) = &c.email {
                    cb.set_email(email.as_str());
                }
                let mut tags = cb.init_tags(list_len(c.tags.len())?);
                for (k, tag) in c.tags.iter().enumerate() {
                    tags.set(k as u32, tag.as_str());
                }
            }
            let mut items = b.reborrow().init_items(list_len(o.items.len())?);
            for (k, item) in o.items.iter().enumerate() {
                let mut ib = items.reborrow().get(k as u32);
                ib.set_sku(item.sku.as_str());
                ib.set_quantity(item.quantity);
                ib.set_price_cents(item.price_cents);
                match item.discount {
                    None => ib.init_discount().set_none(()),
                    Some(v) => ib.init_discount().set_some(v),
                }
            }
            let mut attributes = b.reborrow().init_attributes(list_len(o.attributes.len())?);
            for (k, (key, value)) in o.attributes.iter().enumerate() {
                let mut ab = attributes.reborrow().get(k as u32);
                ab.set_key(key.as_str());
                ab.set_value(value.as_str());
            }
            if let Some(note) = &o.note {
                b.set_note(note.as_str());
            }
        }
        Ok(())
    }

    fn read_batch(batch: schema::batch::Reader<'_>) -> capnp::Result<Vec<Self>> {
        let list = batch.get_orders()?;
        let mut out = Vec::with_capacity(list.len() as usize);
        for o in list.iter() {
            let c = o.get_customer()?;
            let tags = c.get_tags()?;
            let mut tag_list = Vec::with_capacity(tags.len() as usize);
            for tag in tags.iter() {
                tag_list.push(str_of(tag)?.to_owned());
            }
            let items = o.get_items()?;
            let mut item_list = Vec::with_capacity(items.len() as usize);
            for item in items.iter() {
                item_list.push(LineItem {
                    sku: str_of(item.get_sku())?.to_owned(),
                    quantity: item.get_quantity(),
                    price_cents: item.get_price_cents(),
                    discount: match item.get_discount().which()? {
                        discount::None(()) => None,
                        discount::Some(v) => Some(v),
                    },
                });
            }
            let mut attributes = BTreeMap::new();
            for a in o.get_attributes()?.iter() {
                attributes.insert(
                    str_of(a.get_key())?.to_owned(),
                    str_of(a.get_value())?.to_owned(),
                );
            }
            out.push(Order {
                id: o.get_id(),
                customer: Customer {
                    id: c.get_id(),
                    name: str_of(c.get_name())?.to_owned(),
                    email: opt_str(c.has_email(), c.get_email())?.map(str::to_owned),
                    tags: tag_list,
                },
                items: item_list,
                attributes,
                note: opt_str(o.has_note(), o.get_note())?.map(str::to_owned),
            });
        }
        Ok(out)
    }

    fn visit_batch(batch: schema::batch::Reader<'_>, d: &mut Digest) -> capnp::Result<()> {
        let list = batch.get_orders()?;
        d.int(u64::from(list.len()));
        for o in list.iter() {
            d.int(o.get_id());
            let c = o.get_customer()?;
            d.int(c.get_id());
            d.bytes(str_of(c.get_name())?.as_bytes());
            d.opt_bytes(opt_str(c.has_email(), c.get_email())?.map(str::as_bytes));
            let tags = c.get_tags()?;
            d.int(u64::from(tags.len()));
            for tag in tags.iter() {
                d.bytes(str_of(tag)?.as_bytes());
            }
            let items = o.get_items()?;
            d.int(u64::from(items.len()));
            for item in items.iter() {
                d.bytes(str_of(item.get_sku())?.as_bytes());
                d.int(u64::from(item.get_quantity()));
                d.int(item.get_price_cents() as u64);
                match item.get_discount().which()? {
                    discount::None(()) => d.int(0),
                    discount::Some(v) => {
                        d.int(1);
                        d.float(v);
                    }
                }
            }
            let attributes = o.get_attributes()?;
            d.int(u64::from(attributes.len()));
            for a in attributes.iter() {
                d.bytes(str_of(a.get_key())?.as_bytes());
                d.bytes(str_of(a.get_value())?.as_bytes());
            }
            d.opt_bytes(opt_str(o.has_note(), o.get_note())?.map(str::as_bytes));
        }
        Ok(())
    }
}
