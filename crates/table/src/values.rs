//! Text ↔ typed values, one rule per type, shared by inference (what could
//! this text be?), reading (parse it as the schema says) and the text
//! table codecs (write it back). The rules keep every value exact: an integer
//! with a leading zero (`007`, a code, not a count) or a `+` stays text,
//! floats must be finite and are written back in their shortest exact form,
//! timestamps keep at most microseconds.

use chrono::NaiveDate;

const EPOCH_DAYS_FROM_CE: i32 = 719_163;

/// Text that marks a missing value in columns of numbers, dates or booleans
/// (R writes `NA`, SQL exports `NULL`, pandas `NaN`).
pub const NULL_TOKENS: [&str; 7] = ["NA", "N/A", "NaN", "nan", "NULL", "null", "None"];

/// Whether `text` is one of [`NULL_TOKENS`].
pub fn is_null_token(text: &str) -> bool {
    NULL_TOKENS.contains(&text)
}

/// An integer in plain decimal: optional `-`, no leading zeros, no `+`.
pub fn parse_int(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        all => (false, all),
    };
    match digits {
        [] => return None,
        [b'0', ..] if negative || digits.len() > 1 => return None,
        _ => {}
    }
    // Up to 18 digits cannot overflow: no check per digit (the common case).
    if digits.len() <= 18 {
        let mut value: i64 = 0;
        for &b in digits {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                return None;
            }
            value = value * 10 + i64::from(digit);
        }
        return Some(if negative { -value } else { value });
    }
    // One pass, accumulated below zero so i64::MIN fits; overflow is None.
    let mut value: i64 = 0;
    for &b in digits {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        value = value.checked_mul(10)?.checked_sub(i64::from(digit))?;
    }
    if negative {
        Some(value)
    } else {
        value.checked_neg()
    }
}

/// An unsigned integer in plain decimal (no sign, no leading zeros), up
/// to `u64::MAX`, as the bits an `i64` holds.
pub fn parse_uint64(text: &str) -> Option<i64> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && !(text.len() > 1 && text.starts_with('0'));
    plain
        .then(|| text.parse::<u64>().ok())
        .flatten()
        .map(|v| v as i64)
}

/// A decimal float (`1.5`, `-2e-3`, `.5`) or an infinity (`inf`,
/// `-Infinity`, any case: what Rust, pandas, Arrow and Java write); not
/// `nan` (a null token), hex, a leading `+` or a leading zero before
/// another digit (`007`, `01.5`).
pub fn parse_float(text: &str) -> Option<f64> {
    if let Some(v) = infinity(text) {
        return Some(v);
    }
    let unsigned = text.strip_prefix('-').unwrap_or(text).as_bytes();
    let padded = unsigned.len() > 1 && unsigned[0] == b'0' && unsigned[1].is_ascii_digit();
    let ok = !text.is_empty()
        && !padded
        && !text.starts_with('+')
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'))
        && text.bytes().any(|b| b.is_ascii_digit());
    let v = ok.then(|| text.parse::<f64>().ok()).flatten()?;
    // Fast path: at most 15 digits and no exponent always round-trip
    // exactly through a float64 (DBL_DIG is 15), so no need to compare.
    let plain = !text.bytes().any(|b| matches!(b, b'e' | b'E'))
        && text.bytes().filter(u8::is_ascii_digit).count() <= 15;
    (v.is_finite() && (plain || shortest(text, v))).then_some(v)
}

/// Whether `text` is a shortest decimal of the float `v` it parses to: as
/// few significant digits as the shortest form that reads back as `v`.
/// More would mean digits the float cannot hold (`0.30000000000000001`
/// is 0.3), so such text is not a float. When the value lies halfway
/// between two shortest forms, either is one (ryu, which serde_json and
/// pyarrow use, rounds such ties to even; Rust's formatter rounds up).
fn shortest(text: &str, v: f64) -> bool {
    match (decimal(text), decimal(&format!("{v:e}"))) {
        (Some((_, digits, _)), Some((_, best, _))) => digits.len() <= best.len(),
        _ => false,
    }
}

/// A float32 value as [`parse_float`] reads a float64: finite decimals
/// whose digits a float32 holds (the shortest form at 32 bits, or fewer
/// digits), or an infinity; held as the `f64` of that `f32`, exactly.
pub fn parse_float32(text: &str) -> Option<f64> {
    if let Some(v) = infinity(text) {
        return Some(v);
    }
    // The same spelling rules as a float64, then the digits checked at 32 bits.
    parse_float(text)?;
    let narrow: f32 = text.parse().ok()?;
    let fits = narrow.is_finite()
        && match (decimal(text), decimal(&format!("{narrow:e}"))) {
            (Some((_, digits, _)), Some((_, best, _))) => digits.len() <= best.len(),
            _ => false,
        };
    fits.then_some(f64::from(narrow))
}

/// `inf` or `infinity` in any case, with an optional `-`.
fn infinity(text: &str) -> Option<f64> {
    let (negative, word) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let named = word.eq_ignore_ascii_case("inf") || word.eq_ignore_ascii_case("infinity");
    named.then_some(if negative {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    })
}

/// A decimal as (negative, significant digits, e) with the value
/// 0.DIGITS × 10^e; zero is `(false, "", 0)`.
fn decimal(text: &str) -> Option<(bool, String, i64)> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, text),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], rest[i + 1..].parse::<i64>().ok()?),
        None => (rest, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{fraction}");
    let leading = digits.len() - digits.trim_start_matches('0').len();
    let significant = digits.trim_start_matches('0').trim_end_matches('0');
    if significant.is_empty() {
        return Some((false, String::new(), 0));
    }
    let point = i64::try_from(whole.len())
        .ok()?
        .checked_sub(i64::try_from(leading).ok()?)?
        .checked_add(exponent)?;
    Some((negative, significant.to_string(), point))
}

/// A decimal's text with exactly `scale` fraction digits (`-12.34` at
/// scale 2) as its unscaled integer (-1234); `None` for anything else.
pub fn decimal_unscaled(text: &str, scale: u8) -> Option<i128> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = match (body.split_once('.'), scale) {
        (Some((w, f)), s) if s > 0 && f.len() == usize::from(s) => (w, f),
        (None, 0) => (body, ""),
        _ => return None,
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || (scale > 0 && !digits(fraction)) {
        return None;
    }
    let value: i128 = format!("{whole}{fraction}").parse().ok()?;
    Some(if negative { -value } else { value })
}

/// Whether `text` spells a decimal: an optional `-`, digits, and
/// optionally a point and more digits.
pub fn is_decimal(text: &str) -> bool {
    let body = text.strip_prefix('-').unwrap_or(text);
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    match body.split_once('.') {
        Some((whole, fraction)) => digits(whole) && digits(fraction),
        None => digits(body),
    }
}

/// Bytes as the text a binary column holds: lowercase hex.
pub fn hex_text(bytes: &[u8]) -> String {
    hex::encode(bytes)
}

/// A binary column's hex text (either case) as its bytes.
pub fn hex_bytes(text: &str) -> Option<Vec<u8>> {
    hex::decode(text).ok()
}

/// 16 bytes as a UUID column holds them: `00112233-4455-6677-8899-aabbccddeeff`.
pub fn uuid_text(bytes: &[u8]) -> Option<String> {
    let id = uuid::Uuid::from_slice(bytes).ok()?;
    Some(id.hyphenated().to_string())
}

/// A UUID's `8-4-4-4-12` hex digits (either case) as its 16 bytes.
pub fn uuid_bytes(text: &str) -> Option<[u8; 16]> {
    if text.len() != 36 {
        return None;
    }
    uuid::Uuid::try_parse(text).ok().map(|id| id.into_bytes())
}

/// Whether `text` spells bytes in hex: an even number of hex digits.
pub fn is_hex(text: &str) -> bool {
    text.len().is_multiple_of(2) && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// An Avro decimal's bytes (big-endian two's complement) as an i128.
pub fn decimal_from_be(bytes: &[u8]) -> Option<i128> {
    if bytes.len() > 16 {
        return None;
    }
    let fill = if bytes.first().is_some_and(|b| b & 0x80 != 0) {
        0xff
    } else {
        0
    };
    let mut full = [fill; 16];
    full[16 - bytes.len()..].copy_from_slice(bytes);
    Some(i128::from_be_bytes(full))
}

/// The text of an unscaled decimal at `scale`: at least one integer digit,
/// exactly `scale` fraction digits (-1234 at scale 2 is `-12.34`; -5 is
/// `-0.05`).
pub fn decimal_text(unscaled: i128, scale: u8) -> String {
    scaled_text(unscaled < 0, &unscaled.unsigned_abs().to_string(), scale)
}

/// A decimal of any width as text, from its sign and its unscaled
/// magnitude's digits: `scale` of them after the point.
pub fn scaled_text(negative: bool, digits: &str, scale: u8) -> String {
    let scale = usize::from(scale);
    let padded = format!("{digits:0>width$}", width = scale + 1);
    let (whole, fraction) = padded.split_at(padded.len() - scale);
    let sign = if negative { "-" } else { "" };
    match scale {
        0 => format!("{sign}{whole}"),
        _ => format!("{sign}{whole}.{fraction}"),
    }
}

/// `true`/`false` in lower, upper or title case.
pub fn parse_bool(text: &str) -> Option<bool> {
    match text {
        "true" | "TRUE" | "True" => Some(true),
        "false" | "FALSE" | "False" => Some(false),
        _ => None,
    }
}

/// `YYYY-MM-DD` → days since 1970-01-01.
pub fn parse_date(text: &str) -> Option<i64> {
    if text.len() != 10 {
        return None;
    }
    let d = ymd(text.as_bytes())?;
    Some(i64::from(
        chrono::Datelike::num_days_from_ce(&d) - EPOCH_DAYS_FROM_CE,
    ))
}

/// `YYYY-MM-DD` at the start of `b`, read by hand: chrono's
/// `parse_from_str` re-reads its format string on every call, which showed
/// as the top cost of typing a timestamp column.
fn ymd(b: &[u8]) -> Option<NaiveDate> {
    if b.len() < 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year = digits(&b[0..4])?;
    NaiveDate::from_ymd_opt(year as i32, digits(&b[5..7])?, digits(&b[8..10])?)
}

/// All ASCII digits, as a number.
fn digits(b: &[u8]) -> Option<u32> {
    b.iter().try_fold(0u32, |n, c| {
        c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0'))
    })
}

/// `YYYY-MM-DD HH:MM:SS[.ffffff]` (or `T` between), optionally with a zone
/// (`Z`, or an offset as pandas and DuckDB write one: `+01:00`, `+0100`,
/// `+00`) → microseconds since 1970-01-01 00:00:00, in UTC where a zone is
/// given. More than six fractional digits would lose precision, so such
/// text is not a timestamp.
pub fn parse_timestamp(text: &str) -> Option<i64> {
    let (body, offset) = split_zone(text)?;
    Some(naive_timestamp(body)? - offset.unwrap_or(0) * 1_000_000)
}

/// Whether `text` is a timestamp that gives its zone (an instant).
pub fn timestamp_has_zone(text: &str) -> bool {
    matches!(split_zone(text), Some((_, Some(_))))
}

/// A timestamp's text before its zone, and the zone's offset east of UTC
/// in seconds (`None`: no zone given).
fn split_zone(text: &str) -> Option<(&str, Option<i64>)> {
    let Some(at) = text.get(19..).and_then(|tail| tail.find(['Z', '+', '-'])) else {
        return Some((text, None));
    };
    let (body, zone) = text.split_at(19 + at);
    let offset = match zone.as_bytes() {
        b"Z" => 0,
        [sign @ (b'+' | b'-'), rest @ ..] => {
            let (hours, minutes) = match rest {
                [h @ .., b':', m0, m1] if h.len() == 2 => (h, [*m0, *m1]),
                [_, _, m0, m1] => (&rest[..2], [*m0, *m1]),
                [_, _] => (rest, [b'0', b'0']),
                _ => return None,
            };
            let (hours, minutes) = (i64::from(digits(hours)?), i64::from(digits(&minutes)?));
            if hours > 23 || minutes > 59 {
                return None;
            }
            let secs = hours * 3600 + minutes * 60;
            if *sign == b'-' {
                -secs
            } else {
                secs
            }
        }
        _ => return None,
    };
    Some((body, Some(offset)))
}

/// `YYYY-MM-DD HH:MM:SS[.ffffff]` without a zone.
fn naive_timestamp(body: &str) -> Option<i64> {
    if body.len() < 19 || !matches!(body.as_bytes()[10], b' ' | b'T') {
        return None;
    }
    if let Some(fraction) = body.get(19..) {
        let digits = fraction.strip_prefix('.').unwrap_or(fraction);
        if !fraction.is_empty()
            && (!fraction.starts_with('.') || digits.is_empty() || digits.len() > 6)
        {
            return None;
        }
    }
    let b = body.as_bytes();
    if b[13] != b':' || b[16] != b':' {
        return None;
    }
    let micros = match body.get(20..) {
        Some(f) if !f.is_empty() => digits(f.as_bytes())? * 10u32.pow(6 - f.len() as u32),
        _ => 0,
    };
    let t = ymd(b)?.and_hms_micro_opt(
        digits(&b[11..13])?,
        digits(&b[14..16])?,
        digits(&b[17..19])?,
        micros,
    )?;
    Some(t.and_utc().timestamp_micros())
}

/// An Avro decimal's unscaled value, where it fits 128 bits. Read through
/// its big integer, not apache-avro's byte view: a zero written as no bytes
/// at all (polars writes one) has no byte view there.
pub fn avro_decimal(d: &apache_avro::Decimal) -> Option<i128> {
    i128::try_from(num_bigint::BigInt::from(d.clone())).ok()
}

/// `HH:MM:SS[.ffffff]` → microseconds since midnight; more than six
/// fractional digits would lose precision, so such text is not a time.
pub fn parse_time(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    if b.len() < 8 || b[2] != b':' || b[5] != b':' {
        return None;
    }
    let micros = match text.get(8..) {
        Some("") => 0,
        Some(f) => {
            let f = f.strip_prefix('.')?;
            if f.is_empty() || f.len() > 6 {
                return None;
            }
            i64::from(digits(f.as_bytes())? * 10u32.pow(6 - f.len() as u32))
        }
        None => return None,
    };
    let (h, m, sec) = (digits(&b[0..2])?, digits(&b[3..5])?, digits(&b[6..8])?);
    if h > 23 || m > 59 || sec > 59 {
        return None;
    }
    Some(i64::from(h * 3600 + m * 60 + sec) * 1_000_000 + micros)
}

/// Microseconds since midnight as `HH:MM:SS[.ffffff]`.
pub fn format_time(micros: i64) -> String {
    let (secs, sub) = (micros.div_euclid(1_000_000), micros.rem_euclid(1_000_000));
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    match sub {
        0 => format!("{h:02}:{m:02}:{s:02}"),
        _ => format!("{h:02}:{m:02}:{s:02}.{sub:06}"),
    }
}

/// Days since 1970-01-01 as `YYYY-MM-DD`.
pub fn format_date(days: i64) -> String {
    i32::try_from(days)
        .ok()
        .and_then(|d| d.checked_add(EPOCH_DAYS_FROM_CE))
        .and_then(NaiveDate::from_num_days_from_ce_opt)
        .map(|d| d.format("%Y-%m-%d").to_string())
        .unwrap_or_else(|| format!("day {days}"))
}

/// Microseconds since 1970 as `YYYY-MM-DD HH:MM:SS[.ffffff]`, or, for an
/// instant (`utc`), as RFC 3339's `YYYY-MM-DDTHH:MM:SS[.ffffff]Z`, so that
/// text keeps what the column's time zone said: these are UTC instants,
/// not wall-clock readings.
pub fn format_timestamp(micros: i64, utc: bool) -> String {
    let (whole, fine) = match utc {
        false => ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M:%S%.6f"),
        true => ("%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%dT%H:%M:%S%.6fZ"),
    };
    match chrono::DateTime::from_timestamp_micros(micros) {
        Some(t) if micros % 1_000_000 == 0 => t.format(whole).to_string(),
        Some(t) => t.format(fine).to_string(),
        None => format!("µs {micros}"),
    }
}

/// A span of microseconds as pandas prints a timedelta and DuckDB reads an
/// interval: `[D days ]HH:MM:SS[.ffffff]`, and a negative span as its
/// whole days below it and the time of day above them, each with its sign
/// (`-1 days +23:59:59.500000` is half a second before zero): what
/// `pd.Timedelta` and DuckDB's interval both read back as the same span.
pub fn format_duration(micros: i64) -> String {
    const DAY: i128 = 86_400_000_000;
    let micros = i128::from(micros);
    let (days, clock) = match micros < 0 {
        true => (micros.div_euclid(DAY), micros.rem_euclid(DAY)),
        false => (micros / DAY, micros % DAY),
    };
    let (secs, sub) = (clock / 1_000_000, clock % 1_000_000);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let days = match (micros < 0, days) {
        (true, d) => format!("{d} days +"),
        (false, 0) => String::new(),
        (false, 1) => "1 day ".to_string(),
        (false, d) => format!("{d} days "),
    };
    match sub {
        0 => format!("{days}{h:02}:{m:02}:{s:02}"),
        _ => format!("{days}{h:02}:{m:02}:{s:02}.{sub:06}"),
    }
}

/// `-x` → (true, `x`); `+x` or `x` → (false, `x`).
fn signed(t: &str) -> (bool, &str) {
    match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    }
}

/// A span's text → microseconds; `None` for anything else or past ±2^63
/// µs. Days and the time of day each carry their own sign, as pandas and
/// DuckDB read them (`-1 days +23:59:59.5` and `-1 day 23:59:59.5` are
/// both half a second before zero); without days, a leading `-` makes
/// the time negative (`-00:00:01.5`). `day` or `days`, up to six
/// fractional digits.
pub fn parse_duration(text: &str) -> Option<i64> {
    let (days, clock) = match text.split_once(' ') {
        Some((d, rest)) => {
            let clock = rest
                .strip_prefix("days ")
                .or_else(|| rest.strip_prefix("day "))?;
            (Some(d), clock)
        }
        None => (None, text),
    };
    let (clock_negative, clock) = signed(clock);
    if clock.starts_with(['-', '+']) {
        return None;
    }
    let clock = i128::from(parse_time(clock)?);
    let clock = if clock_negative { -clock } else { clock };
    let days = match days {
        None => 0,
        Some(d) => {
            let (negative, digits) = signed(d);
            if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return None;
            }
            let n: i128 = digits.parse().ok()?;
            if negative {
                -n
            } else {
                n
            }
        }
    };
    i64::try_from(days * 86_400_000_000 + clock).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_round_trip_as_pandas_prints_them() {
        for (micros, text) in [
            (0, "00:00:00"),
            (1_500_000, "00:00:01.500000"),
            (86_400_000_000 + 3_723_000_001, "1 day 01:02:03.000001"),
            // Negative: whole days below, the time of day above them.
            (-(3 * 86_400_000_000 + 1), "-4 days +23:59:59.999999"),
            (-500_000, "-1 days +23:59:59.500000"),
            (-86_400_000_000, "-1 days +00:00:00"),
            // pandas' own print of -978,066.424311 s (the sweep's span).
            (-978_066_424_311, "-12 days +16:18:53.575689"),
        ] {
            assert_eq!(format_duration(micros), text);
            assert_eq!(parse_duration(text), Some(micros), "{text}");
        }
        assert_eq!(parse_duration("2 days 00:00:00.5"), Some(172_800_500_000));
        // DuckDB's and pandas' reading: the days' sign is theirs alone.
        assert_eq!(parse_duration("-1 day 23:59:59.5"), Some(-500_000));
        assert_eq!(parse_duration("-00:00:01.5"), Some(-1_500_000));
        assert_eq!(parse_duration("1 day -00:00:01"), Some(86_399_000_000));
        assert!(
            format_duration(i64::MIN).starts_with("-106751992 days +"),
            "{}",
            format_duration(i64::MIN)
        );
        assert_eq!(parse_duration(&format_duration(i64::MIN)), Some(i64::MIN));
        assert_eq!(parse_duration(&format_duration(i64::MAX)), Some(i64::MAX));
        for bad in [
            "",
            "1 days",
            "x days 00:00:00",
            "24:00:00",
            "1 weeks 00:00:00",
            "--00:00:01",
        ] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
    }

    #[test]
    fn times_of_day_round_trip_to_the_microsecond() {
        assert_eq!(parse_time("01:02:03"), Some(3_723_000_000));
        assert_eq!(parse_time("23:59:59.5"), Some(86_399_500_000));
        assert_eq!(format_time(86_399_500_000), "23:59:59.500000");
        assert_eq!(format_time(3_723_000_000), "01:02:03");
        for bad in [
            "24:00:00",
            "01:02",
            "01:02:03.1234567",
            "01:02:03.",
            "1:02:03",
        ] {
            assert_eq!(parse_time(bad), None, "{bad}");
        }
    }

    #[test]
    fn an_avro_decimal_of_no_bytes_is_zero() {
        // polars writes a zero as an empty byte string.
        assert_eq!(avro_decimal(&apache_avro::Decimal::from([0u8; 0])), Some(0));
        assert_eq!(
            avro_decimal(&apache_avro::Decimal::from([0xffu8, 0x85])),
            Some(-123)
        );
        assert_eq!(avro_decimal(&apache_avro::Decimal::from([1u8; 17])), None);
    }

    #[test]
    fn integers_are_plain_decimal_only() {
        assert_eq!(parse_int("0"), Some(0));
        assert_eq!(parse_int("-17"), Some(-17));
        assert_eq!(parse_int("9223372036854775807"), Some(i64::MAX));
        assert_eq!(parse_int("-9223372036854775808"), Some(i64::MIN));
        // Either side of the 18 digits that are read without overflow checks.
        assert_eq!(
            parse_int("999999999999999999"),
            Some(999_999_999_999_999_999)
        );
        assert_eq!(
            parse_int("-999999999999999999"),
            Some(-999_999_999_999_999_999)
        );
        assert_eq!(
            parse_int("1000000000000000000"),
            Some(1_000_000_000_000_000_000)
        );
        assert_eq!(parse_int("12345678901234567x"), None);
        for text in [
            "-9223372036854775809",
            "99999999999999999999",
            "007",
            "+3",
            "-0",
            "",
            "-",
            "1.0",
            "1e3",
            "9223372036854775808",
        ] {
            assert_eq!(parse_int(text), None, "{text}");
        }
    }

    #[test]
    fn floats_are_finite_decimals() {
        assert_eq!(parse_float("1.5"), Some(1.5));
        assert_eq!(parse_float("-2e-3"), Some(-0.002));
        assert_eq!(parse_float("0.5"), Some(0.5));
        // The same number in other spellings is fine; rounding is not.
        assert_eq!(parse_float("1.50"), Some(1.5));
        assert_eq!(parse_float("1e3"), Some(1000.0));
        assert_eq!(parse_float("0.000120E+2"), Some(0.012));
        assert_eq!(parse_float("-0.0"), Some(-0.0));
        assert_eq!(parse_float("123456789012345678"), None);
        assert_eq!(parse_float("12345678901234567890"), None);
        assert_eq!(parse_float("0.12345678901234567890123"), None);
        assert_eq!(parse_float("0.30000000000000001"), None);
        // Halfway between two shortest forms (a float32 widened): both are
        // shortest, whichever way the writer rounded the tie.
        assert_eq!(
            parse_float("0.8314590454101562"),
            Some(f64::from(0.831_459_05_f32))
        );
        assert_eq!(
            parse_float("0.8314590454101563"),
            Some(f64::from(0.831_459_05_f32))
        );
        for text in [
            "nan", "NaN", "1e400", "0x10", ".", "e5", "", "007", "-01.5", "+1.5", "+inf", "infinit",
        ] {
            assert_eq!(parse_float(text), None, "{text}");
        }
        // Infinities as Rust, pandas, Arrow and Java write them.
        for (text, v) in [
            ("inf", f64::INFINITY),
            ("-inf", f64::NEG_INFINITY),
            ("Infinity", f64::INFINITY),
            ("-INF", f64::NEG_INFINITY),
        ] {
            assert_eq!(parse_float(text), Some(v), "{text}");
        }
    }

    #[test]
    fn decimals_round_trip_through_their_text_exactly() {
        for (text, scale, unscaled) in [
            ("12.34", 2, 1234),
            ("-0.05", 2, -5),
            ("0.50", 2, 50),
            ("7", 0, 7),
            (
                "-99999999999999999999.999",
                3,
                -99_999_999_999_999_999_999_999,
            ),
        ] {
            assert_eq!(decimal_unscaled(text, scale), Some(unscaled), "{text}");
            assert_eq!(decimal_text(unscaled, scale), text);
        }
        for (text, scale) in [
            ("12.3", 2),
            ("1e3", 0),
            ("", 0),
            ("1.", 0),
            (".5", 1),
            ("+1.00", 2),
        ] {
            assert_eq!(decimal_unscaled(text, scale), None, "{text}");
        }
    }

    #[test]
    fn float32_text_is_its_shortest_form_at_32_bits() {
        let x = 0.831_459_05_f32;
        assert_eq!(x.to_string(), "0.83145905");
        assert_eq!(parse_float32("0.83145905"), Some(f64::from(x)));
        // A float32 widened to float64 text carries digits it never had.
        assert_eq!(parse_float32("0.8314590454101562"), None);
        assert_eq!(parse_float32("1.5"), Some(1.5));
        assert_eq!(parse_float32("-inf"), Some(f64::NEG_INFINITY));
        assert_eq!(parse_float32("1e39"), None, "beyond float32");
        assert_eq!(parse_float32("007"), None);
    }

    #[test]
    fn dates_and_timestamps_round_trip_through_text() {
        let day = parse_date("2013-01-01").unwrap();
        assert_eq!(day, 15_706);
        assert_eq!(format_date(day), "2013-01-01");
        let t = parse_timestamp("2013-01-01 05:00:00").unwrap();
        assert_eq!(t, 1_357_016_400_000_000);
        assert_eq!(format_timestamp(t, false), "2013-01-01 05:00:00");
        assert_eq!(format_timestamp(t, true), "2013-01-01T05:00:00Z");
        assert_eq!(parse_timestamp("2013-01-01T05:00:00Z"), Some(t));
        let fine = parse_timestamp("2013-01-01 05:00:00.25").unwrap();
        assert_eq!(format_timestamp(fine, false), "2013-01-01 05:00:00.250000");
        for utc in [false, true] {
            assert_eq!(parse_timestamp(&format_timestamp(fine, utc)), Some(fine));
        }
        // Offsets as pandas (`+01:00`) and DuckDB (`+00`) write them: the
        // same instant in UTC.
        for text in [
            "2013-01-01 06:00:00+01:00",
            "2013-01-01T06:00:00+0100",
            "2013-01-01 00:30:00-04:30",
            "2013-01-01 05:00:00+00",
        ] {
            assert_eq!(parse_timestamp(text), Some(t), "{text}");
            assert!(timestamp_has_zone(text), "{text}");
        }
        assert_eq!(
            parse_timestamp("2013-01-01 06:00:00.25+01"),
            Some(t + 250_000)
        );
        assert!(!timestamp_has_zone("2013-01-01 05:00:00"));
        for text in [
            "2013-01-01 05:00:00.1234567",
            "2013-02-30 00:00:00",
            "2013-01-01",
            "2013-01-01 05:00:00+24:00",
            "2013-01-01 05:00:00+1",
            "2013-01-01 05:00:00+01:0",
            "2013-01-01 05:00:00Z+01",
            "2013-01-01 05:00:00 +01:00",
        ] {
            assert_eq!(parse_timestamp(text), None, "{text}");
        }
        assert_eq!(parse_date("2013-1-1"), None);
    }
}
