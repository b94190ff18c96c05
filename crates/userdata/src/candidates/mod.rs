//! The ways `encbench file` may store the user's table: the input as it is
//! (`original`), then every table codec the codec registry offers
//! (`encbench_codecs::tables`, each beside the typed codec of its format).

mod original;

pub use encbench_codecs::tables::{
    by_id, convertible, flattens_nesting, streaming, Prepared, TableCodec,
};

use encbench_table::load::Columnar;
use encbench_table::sniff::Format;

/// Every candidate for a columnar input: the file as it is first when it
/// is measured whole, else its format with the file's own settings
/// re-encoded on the sample (neither for an ORC, Vortex or Lance input,
/// whose rows are an Arrow copy); then the rest.
pub fn for_columnar(input: &Columnar, whole: bool) -> Vec<Box<dyn TableCodec>> {
    let mut list: Vec<Box<dyn TableCodec>> = Vec::new();
    if input.stand_in.is_some() {
        // An Arrow copy of ORC, Vortex or Lance: the input itself has no
        // reader here, and the copy is not what the user keeps.
    } else if whole {
        list.push(Box::new(original::OriginalColumnar(input.kind)));
    } else if let Some(Ok(inner)) = encbench_codecs::tables::as_written(input.kind, &input.written)
    {
        list.push(Box::new(original::OriginalRewritten { inner }));
    }
    list.extend(convertible());
    list
}

/// Every candidate, the original text (in `format`) first.
pub fn all(format: Format) -> Vec<Box<dyn TableCodec>> {
    let mut list: Vec<Box<dyn TableCodec>> = vec![Box::new(original::Original(format))];
    list.extend(convertible());
    list
}

/// Whether the candidate `id` carries nested values natively (the
/// original JSON does; a name not listed does not).
pub fn nests_natively(id: &str) -> bool {
    id == "original" || encbench_codecs::tables::nests_natively(id)
}
