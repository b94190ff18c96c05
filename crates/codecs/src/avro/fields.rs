//! Per-field serde adapters (`#[serde(with = …)]`) between the record
//! types and their Avro schemas.

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, Serializer};
use std::collections::btree_map::{BTreeMap, Entry};
use std::fmt;
use std::marker::PhantomData;

/// `u64` as an Avro `long`, by bit-cast: every value round-trips.
pub(super) mod bitcast_u64 {
    use super::*;

    pub fn serialize<S: Serializer>(value: &u64, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i64(*value as i64)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        i64::deserialize(deserializer).map(|v| v as u64)
    }
}

/// `[u8; N]` as an Avro `fixed(N)`.
pub(super) mod fixed {
    use super::*;

    pub fn serialize<S: Serializer, const N: usize>(
        value: &[u8; N],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(value)
    }

    pub fn deserialize<'de, D: Deserializer<'de>, const N: usize>(
        deserializer: D,
    ) -> Result<[u8; N], D::Error> {
        struct FixedVisitor<const N: usize>;

        impl<const N: usize> Visitor<'_> for FixedVisitor<N> {
            type Value = [u8; N];

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{N} bytes")
            }

            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<[u8; N], E> {
                <[u8; N]>::try_from(v).map_err(|_| E::invalid_length(v.len(), &self))
            }

            fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<[u8; N], E> {
                self.visit_bytes(&v)
            }
        }

        deserializer.deserialize_bytes(FixedVisitor::<N>)
    }
}

/// `[T; N]` as an Avro `array` that must hold exactly `N` items.
pub(super) mod array {
    use super::*;

    pub fn serialize<S: Serializer, T: Serialize, const N: usize>(
        value: &[T; N],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(value)
    }

    pub fn deserialize<'de, D, T, const N: usize>(deserializer: D) -> Result<[T; N], D::Error>
    where
        D: Deserializer<'de>,
        T: Deserialize<'de> + Copy + Default,
    {
        struct ArrayVisitor<T, const N: usize>(PhantomData<fn() -> T>);

        impl<'de, T: Deserialize<'de> + Copy + Default, const N: usize> Visitor<'de>
            for ArrayVisitor<T, N>
        {
            type Value = [T; N];

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "an array of exactly {N} items")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[T; N], A::Error> {
                let mut out = [T::default(); N];
                for (i, slot) in out.iter_mut().enumerate() {
                    *slot = seq
                        .next_element()?
                        .ok_or_else(|| de::Error::invalid_length(i, &self))?;
                }
                if seq.next_element::<de::IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(N + 1, &self));
                }
                Ok(out)
            }
        }

        deserializer.deserialize_seq(ArrayVisitor::<T, N>(PhantomData))
    }
}

/// A map that rejects a repeated key instead of keeping one of its values.
pub(super) fn unique_map<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    struct MapVisitor;

    impl<'de> Visitor<'de> for MapVisitor {
        type Value = BTreeMap<String, String>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a map of strings without repeated keys")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((key, value)) = map.next_entry::<String, String>()? {
                match out.entry(key) {
                    Entry::Vacant(slot) => {
                        slot.insert(value);
                    }
                    Entry::Occupied(slot) => {
                        return Err(de::Error::custom(format_args!(
                            "map key {:?} repeated",
                            slot.key()
                        )));
                    }
                }
            }
            Ok(out)
        }
    }

    deserializer.deserialize_map(MapVisitor)
}

/// A `Vec` of a nested record type as an Avro `array`.
pub(super) mod records {
    use super::*;
    use crate::avro::{AvroValue, SeqIn, SeqOut};

    pub fn serialize<S: Serializer, T: AvroValue>(
        value: &[T],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        SeqOut(value).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: AvroValue>(
        deserializer: D,
    ) -> Result<Vec<T>, D::Error> {
        SeqIn::deserialize(deserializer).map(|SeqIn(v)| v)
    }
}
