//! A compressor named for a format that compresses inside itself:
//! Parquet compresses each page, Arrow IPC each buffer, an Avro container
//! each block, and their readers expect exactly that. So for those formats
//! `+zstd-3` means the format's own zstd at level 3, never a zstd stream
//! wrapped around the file (which no Parquet, Arrow or Avro reader opens).

/// A compressor id split into its family and level: `zstd-3` is
/// `("zstd", Some(3))`, `lz4` is `("lz4", None)`.
pub fn family_level(id: &str) -> (&str, Option<i32>) {
    match id.rsplit_once('-') {
        Some((family, level)) => match level.parse() {
            Ok(level) => (family, Some(level)),
            Err(_) => (id, None),
        },
        None => (id, None),
    }
}

/// Why a format cannot use `compressor`: it has codecs of its own, and
/// this is not one of them.
pub fn not_offered(format: &str, compressor: &str, own: &str) -> String {
    let (family, _) = family_level(compressor);
    format!("{format} has no {family} codec of its own (it has {own}), and a {family} stream around the file would be unreadable by its readers")
}

/// A level outside what the format's codec takes.
pub fn bad_level(format: &str, compressor: &str, why: impl std::fmt::Display) -> String {
    format!("{format} cannot write {compressor}: {why}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_split_into_family_and_level() {
        assert_eq!(family_level("zstd-3"), ("zstd", Some(3)));
        assert_eq!(family_level("gzip-6"), ("gzip", Some(6)));
        assert_eq!(family_level("lz4"), ("lz4", None));
        assert_eq!(family_level("snappy"), ("snappy", None));
    }
}
