//! A schema-free walk over BER tag-length-value structure, used only after
//! rasn has rejected a value, to say where the bytes stop being BER at all.

/// The offset and nature of the first structural fault, if any.
pub(crate) fn first_fault(bytes: &[u8]) -> Option<(usize, String)> {
    // (end of the enclosing value, whether it is indefinite) per open level;
    // an explicit stack keeps hostile nesting from exhausting the call stack.
    let mut ends: Vec<(usize, bool)> = vec![(bytes.len(), false)];
    let mut pos = 0;
    while let Some(&(end, indefinite)) = ends.last() {
        if pos == end && !indefinite {
            ends.pop();
            if ends.len() == 1 && pos < bytes.len() {
                return Some((pos, "bytes after the outermost value".into()));
            }
            if ends.is_empty() {
                return None;
            }
            continue;
        }
        if indefinite && bytes.get(pos..pos + 2) == Some(&[0, 0]) {
            pos += 2;
            ends.pop();
            continue;
        }
        if pos >= end {
            return Some((pos, "value ends before its parent says".into()));
        }
        let start = pos;
        let tag = bytes[pos];
        pos += 1;
        if tag & 0x1F == 0x1F {
            // High tag number: base-128 octets, the last without bit 8.
            loop {
                let Some(&b) = bytes.get(pos).filter(|_| pos < end) else {
                    return Some((pos, "input ends inside a tag".into()));
                };
                pos += 1;
                if b & 0x80 == 0 {
                    break;
                }
                if pos - start > 5 {
                    return Some((start, "tag number too long".into()));
                }
            }
        }
        let Some(&first) = bytes.get(pos).filter(|_| pos < end) else {
            return Some((pos, "input ends before a length".into()));
        };
        pos += 1;
        let len = match first {
            0..=0x7F => Some(usize::from(first)),
            0x80 if tag & 0x20 != 0 => None,
            0x80 => return Some((pos - 1, "indefinite length on a primitive value".into())),
            0x81..=0x84 => {
                let count = usize::from(first & 0x7F);
                let Some(octets) = bytes.get(pos..pos + count).filter(|_| pos + count <= end)
                else {
                    return Some((pos - 1, "input ends inside a length".into()));
                };
                pos += count;
                Some(
                    octets
                        .iter()
                        .fold(0usize, |n, &b| (n << 8) | usize::from(b)),
                )
            }
            _ => return Some((pos - 1, "length field longer than 4 octets".into())),
        };
        match len {
            Some(len) if len > end - pos => {
                return Some((
                    start,
                    format!("length {len} runs past the {} bytes that remain", end - pos),
                ));
            }
            Some(len) if tag & 0x20 != 0 => ends.push((pos + len, false)),
            Some(len) => pos += len,
            None => ends.push((end, true)),
        }
    }
    None
}
