//! An Avro container's header: its metadata entries, read before the
//! blocks. Also where a schema whose named types have an empty name
//! (polars writes `"name": ""`) is given names, so that apache-avro, which
//! holds to the specification's names, reads the file as fastavro does.

use std::io::{Chain, Cursor, Read};

/// The header's metadata entries and its length in bytes (through the
/// sync marker).
pub struct Header {
    pub entries: Vec<(Vec<u8>, Vec<u8>)>,
    pub len: usize,
}

/// Bytes of header read at most while looking for its end: a header
/// longer than this is passed on as it is.
const MAX_HEADER: usize = 16 << 20;

/// The header at the start of `bytes`, or `None` when they hold no whole one.
pub fn parse(bytes: &[u8]) -> Option<Header> {
    if bytes.get(..4)? != b"Obj\x01" {
        return None;
    }
    let mut at = 4;
    let mut entries = Vec::new();
    loop {
        let mut count = long(bytes, &mut at)?;
        if count == 0 {
            break;
        }
        if count < 0 {
            count = count.checked_neg()?;
            long(bytes, &mut at)?; // the block's size in bytes
        }
        for _ in 0..count {
            let key = field(bytes, &mut at)?.to_vec();
            let value = field(bytes, &mut at)?.to_vec();
            entries.push((key, value));
        }
    }
    bytes.get(at..at + 16)?;
    Some(Header {
        entries,
        len: at + 16,
    })
}

impl Header {
    /// The entry named `key`.
    pub fn get(&self, key: &str) -> Option<&[u8]> {
        self.entries
            .iter()
            .find(|(k, _)| k == key.as_bytes())
            .map(|(_, v)| v.as_slice())
    }
}

/// `reader` from its start, with the header's schema given names where it
/// has empty ones; anything else (no whole header, a schema that is not
/// JSON) is passed on unchanged, for the Avro reader to judge.
pub fn named<R: Read>(mut reader: R) -> std::io::Result<Chain<Cursor<Vec<u8>>, R>> {
    let mut head = Vec::new();
    loop {
        let got = (&mut reader).take(1 << 16).read_to_end(&mut head)?;
        if let Some(header) = parse(&head) {
            if let Some(renamed) = renamed(&head, &header) {
                head = renamed;
            }
            break;
        }
        if got == 0 || head.len() > MAX_HEADER {
            break;
        }
    }
    Ok(Cursor::new(head).chain(reader))
}

/// `head` with its schema's empty names filled, or `None` when none is empty.
fn renamed(head: &[u8], header: &Header) -> Option<Vec<u8>> {
    let mut schema: serde_json::Value = serde_json::from_slice(header.get("avro.schema")?).ok()?;
    let mut named = 0;
    fill_names(&mut schema, &mut named);
    if named == 0 {
        return None;
    }
    let mut out = b"Obj\x01".to_vec();
    put_long(&mut out, header.entries.len() as i64);
    for (key, value) in &header.entries {
        let value = match key.as_slice() {
            b"avro.schema" => schema.to_string().into_bytes(),
            _ => value.clone(),
        };
        put_long(&mut out, key.len() as i64);
        out.extend_from_slice(key);
        put_long(&mut out, value.len() as i64);
        out.extend_from_slice(&value);
    }
    put_long(&mut out, 0);
    out.extend_from_slice(&head[header.len - 16..]);
    Some(out)
}

/// Gives each record, enum or fixed with an empty or missing name one of
/// its own (`unnamed_1`, …), counting them in `named`.
fn fill_names(value: &mut serde_json::Value, named: &mut usize) {
    use serde_json::Value;
    match value {
        Value::Object(object) => {
            let is_named_type = matches!(
                object.get("type").and_then(Value::as_str),
                Some("record" | "enum" | "fixed")
            );
            let empty = object
                .get("name")
                .and_then(Value::as_str)
                .is_none_or(str::is_empty);
            if is_named_type && empty {
                *named += 1;
                object.insert("name".into(), Value::from(format!("unnamed_{named}")));
            }
            for child in object.values_mut() {
                fill_names(child, named);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| fill_names(v, named)),
        _ => {}
    }
}

/// A zigzag varint.
fn long(b: &[u8], at: &mut usize) -> Option<i64> {
    let (mut value, mut shift) = (0u64, 0u32);
    loop {
        let byte = *b.get(*at)?;
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Some((value >> 1) as i64 ^ -((value & 1) as i64));
        }
        shift += 7;
        if shift > 63 {
            return None;
        }
    }
}

fn put_long(out: &mut Vec<u8>, v: i64) {
    let mut z = ((v << 1) ^ (v >> 63)) as u64;
    while z >= 0x80 {
        out.push((z as u8) | 0x80);
        z >>= 7;
    }
    out.push(z as u8);
}

/// A length-prefixed byte string.
fn field<'b>(b: &'b [u8], at: &mut usize) -> Option<&'b [u8]> {
    let len = usize::try_from(long(b, at)?).ok()?;
    let out = b.get(*at..at.checked_add(len)?)?;
    *at += len;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(schema: &str) -> Vec<u8> {
        let mut out = b"Obj\x01".to_vec();
        put_long(&mut out, 2);
        for (k, v) in [("avro.codec", "null"), ("avro.schema", schema)] {
            put_long(&mut out, k.len() as i64);
            out.extend_from_slice(k.as_bytes());
            put_long(&mut out, v.len() as i64);
            out.extend_from_slice(v.as_bytes());
        }
        put_long(&mut out, 0);
        out.extend_from_slice(&[7; 16]);
        out
    }

    #[test]
    fn empty_names_are_filled_and_the_rest_passes_unchanged() {
        let schema = r#"{"type":"record","name":"","fields":[{"name":"s","type":{"type":"record","fields":[{"name":"x","type":"long"}]}}]}"#;
        let mut file = header(schema);
        file.extend_from_slice(b"BLOCKS");
        let mut out = Vec::new();
        named(&file[..]).unwrap().read_to_end(&mut out).unwrap();
        let parsed = parse(&out).unwrap();
        let text = String::from_utf8(parsed.get("avro.schema").unwrap().to_vec()).unwrap();
        assert!(text.contains(r#""name":"unnamed_1""#), "{text}");
        assert!(text.contains(r#""name":"unnamed_2""#), "{text}");
        assert_eq!(parsed.get("avro.codec"), Some(&b"null"[..]));
        assert!(out.ends_with(&[&[7u8; 16][..], b"BLOCKS"].concat()));

        // A schema already named, a cut header, and bytes that are not
        // Avro all pass through byte for byte.
        let good = header(r#"{"type":"record","name":"r","fields":[]}"#);
        for input in [&good[..], &file[..20], b"not avro at all"] {
            let mut out = Vec::new();
            named(input).unwrap().read_to_end(&mut out).unwrap();
            assert_eq!(out, input);
        }
    }

    #[test]
    fn a_header_is_parsed_only_when_whole() {
        let file = header("{}");
        assert_eq!(parse(&file).unwrap().len, file.len());
        for cut in 0..file.len() {
            assert!(parse(&file[..cut]).is_none(), "cut at {cut}");
        }
    }
}
