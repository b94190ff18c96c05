//! The one list of codecs, one entry each: what `list` shows, what `run`
//! measures, what `robust` attacks and what `file` offers for user tables.
//! Adding a codec: write its file, add its entry to the file here for the
//! values it takes. An entry with `feature = "…"` compiles the codec only
//! with that cargo feature; without it the codec still shows in `list`,
//! marked disabled.

use crate::{CodecInfo, TableFormat};

/// A codec's description and, when compiled in, its constructor.
pub struct Entry<C: ?Sized> {
    /// What `list` shows.
    pub info: CodecInfo,
    /// `None` when its cargo feature is off.
    pub build: Option<fn() -> Box<C>>,
}

impl<C: ?Sized> Entry<C> {
    /// True when the codec is compiled in.
    pub fn enabled(&self) -> bool {
        self.build.is_some()
    }
}

macro_rules! entry {
    // A constructor generic over the record type as well as the codec type.
    ($make:ident, $input:ident, $id:literal, $family:ident, $summary:literal, $ty:ty, record = $r:ty
        $(, feature = $feature:literal)? $(; $($key:ident = $val:expr),+)?) => {{
        let info = CodecInfo::new($id, Family::$family, Input::$input, $summary)
            $(.feature($feature))? $($(.$key($val))+)?;
        $(#[cfg(not(feature = $feature))] let build: Option<fn() -> Box<_>> = None;)?
        $(#[cfg(feature = $feature)])? let build: Option<fn() -> Box<_>> = Some($make::<$r, $ty>);
        Entry { info, build }
    }};
    ($make:ident, $input:ident, $id:literal, $family:ident, $summary:literal, $ty:path
        $(, feature = $feature:literal)? $(; $($key:ident = $val:expr),+)?) => {{
        let info = CodecInfo::new($id, Family::$family, Input::$input, $summary)
            $(.feature($feature))? $($(.$key($val))+)?;
        $(#[cfg(not(feature = $feature))] let build: Option<fn() -> Box<_>> = None;)?
        $(#[cfg(feature = $feature)])? let build: Option<fn() -> Box<_>> = Some($make::<$ty>);
        Entry { info, build }
    }};
}

mod io;
mod protocols;
mod records;
mod values;
mod workers;

pub use io::{COMPRESSORS, IO_STRATEGIES};
pub use protocols::{BGP_CODECS, BGP_DECODERS, MEGACO_CODECS};
pub use records::{record_codecs, record_views};
pub use values::{
    byte_array_codecs, byte_string_codecs, int64_codecs, int_readers, wkb_codecs, INT_WRITERS,
    REFERENCES,
};
pub use workers::{RecordWorkerCodec, RECORD_WORKER_CODECS, STANDARD_FORMATS, WORKER_CODECS};

/// Every codec's description, compiled in or not, with whether it is enabled.
pub fn catalog() -> Vec<(CodecInfo, bool)> {
    let mut all: Vec<(CodecInfo, bool)> = Vec::new();
    all.extend(int_readers().iter().map(|e| (e.info, e.enabled())));
    all.extend(int64_codecs().iter().map(|e| (e.info, e.enabled())));
    all.extend(wkb_codecs().iter().map(|e| (e.info, e.enabled())));
    all.extend(byte_string_codecs().iter().map(|e| (e.info, e.enabled())));
    all.extend(
        record_codecs::<crate::records::Telemetry>()
            .iter()
            .map(|e| (e.info, e.enabled())),
    );
    all.extend(
        record_views::<crate::records::Telemetry>()
            .iter()
            .map(|e| (e.info, e.enabled())),
    );
    all.extend(byte_array_codecs().iter().map(|e| (e.info, e.enabled())));
    all.extend(COMPRESSORS.iter().map(|i| (*i, true)));
    all.extend(IO_STRATEGIES.iter().map(|i| (*i, true)));
    all.extend(WORKER_CODECS.iter().map(|i| (*i, true)));
    all.extend(RECORD_WORKER_CODECS.iter().map(|c| (c.info, true)));
    all.extend(REFERENCES.iter().map(|i| (*i, true)));
    all.extend(INT_WRITERS.iter().map(|i| (*i, true)));
    all.extend(BGP_CODECS.iter().map(|i| (*i, true)));
    all.extend(BGP_DECODERS.iter().map(|i| (*i, true)));
    all.extend(MEGACO_CODECS.iter().map(|i| (*i, true)));
    all
}

/// The entry of `id`, compiled in or not.
pub fn find(id: &str) -> Option<CodecInfo> {
    catalog().into_iter().map(|(i, _)| i).find(|i| i.id == id)
}

/// The formats `encbench file` offers for user tables, each with the
/// entry that offers it, in [`TableFormat`] order.
pub fn table_formats() -> Vec<(TableFormat, CodecInfo)> {
    let mut formats: Vec<(TableFormat, CodecInfo)> = catalog()
        .into_iter()
        .filter_map(|(info, _)| Some((info.table?, info)))
        .collect();
    formats.sort_by_key(|(format, _)| *format);
    formats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Family, Input, Ops};

    #[test]
    fn ids_are_unique_and_namespaced() {
        let catalog = catalog();
        let mut ids: Vec<&str> = catalog.iter().map(|(i, _)| i.id).collect();
        ids.sort_unstable();
        let before = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), before, "duplicate codec id");
        assert!(catalog
            .iter()
            .all(|(i, _)| i.id.contains('/') && !i.summary.is_empty()));
    }

    #[test]
    fn every_rust_decoder_names_the_library_that_decodes() {
        let foreign = |id: &str| RECORD_WORKER_CODECS.iter().any(|c| c.info.id == id);
        for (info, _) in catalog() {
            let ours = !matches!(
                info.family,
                Family::Worker | Family::Io | Family::Compression | Family::Reference
            ) && !foreign(info.id);
            if ours && (info.ops.decode || info.ops.view) {
                assert!(!info.decoder.is_empty(), "{}: no `decoder`", info.id);
            }
        }
        assert_eq!(find("record/parquet").map(|i| i.decoder), Some("parquet"));
        assert_eq!(find("megaco/ber-tape").map(|i| i.decoder), Some("encbench"));
        assert_eq!(find("no/such"), None);
    }

    #[test]
    fn what_each_entry_takes_and_does() {
        let info = |id| find(id).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(info("record/json").input, Input::Records);
        assert_eq!(info("record/rkyv-view").ops, Ops::VIEW);
        assert_eq!(info("text/fscanf").ops, Ops::DECODE);
        assert_eq!(info("text/itoa-write").ops, Ops::ENCODE);
        assert_eq!(info("go/strconv").input, Input::Int64);
        assert_eq!(info("c/fscanf").input, Input::IntFile);
        assert_eq!(info("megaco/erlang-per").input, Input::Megaco);
        // `file` formats are offered once each, by record codecs.
        let formats = table_formats();
        assert_eq!(formats.len(), 10);
        assert!(formats.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(formats.iter().all(|(_, i)| i.input == Input::Records));
    }

    #[test]
    fn feature_gated_codecs_are_listed_whether_or_not_compiled_in() {
        let catalog = catalog();
        let cbor = catalog
            .iter()
            .find(|(i, _)| i.id == "int64/cbor-per-call")
            .expect("listed");
        assert_eq!(cbor.0.feature, Some("self-describing"));
        assert_eq!(cbor.1, cfg!(feature = "self-describing"));
        let simd = catalog
            .iter()
            .find(|(i, _)| i.id == "text/atoi-simd")
            .expect("listed");
        assert_eq!(simd.0.feature, Some("fast-int"));
        assert_eq!(simd.1, cfg!(feature = "fast-int"));
        // Codecs without a feature are always enabled.
        assert!(catalog
            .iter()
            .filter(|(i, _)| i.feature.is_none())
            .all(|(_, on)| *on));
    }
}
