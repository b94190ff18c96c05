//! [`Order`] as nested columns:
//!
//! - `id`: `UInt64`
//! - `customer`: `Struct{id UInt64, name Utf8, email Utf8 (nullable), tags List<Utf8>}`
//! - `items`: `List<Struct{sku Utf8, quantity UInt32, price_cents Int64, discount Float64 (nullable)}>`
//! - `attributes`: `Map<Utf8, Utf8>` flagged keys-sorted (a `BTreeMap` iterates in key order)
//! - `note`: `Utf8` (nullable)
//!
//! Everything else is not null. A map with a repeated key is rejected on
//! decode rather than silently collapsed into one entry.

use super::{
    arrow_error, batch, check_schema, child_range, column, downcast, shape_error, ArrowRecord,
};
use crate::records::{Customer, LineItem, Order};
use crate::CodecError;
use arrow_array::builder::OffsetBufferBuilder;
use arrow_array::{
    Array, ArrayRef, Float64Array, Int64Array, ListArray, MapArray, RecordBatch, StringArray,
    StructArray, UInt32Array, UInt64Array,
};
use arrow_schema::{DataType, Field, FieldRef, Fields, Schema, SchemaRef};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// The schema and the nested fields the encoder needs, built once.
struct Parts {
    schema: SchemaRef,
    customer: Fields,
    tag: FieldRef,
    item: FieldRef,
    item_fields: Fields,
    entry: FieldRef,
    entry_fields: Fields,
}

fn parts() -> &'static Parts {
    static PARTS: OnceLock<Parts> = OnceLock::new();
    PARTS.get_or_init(|| {
        let tag: FieldRef = Arc::new(Field::new("item", DataType::Utf8, false));
        let customer = Fields::from(vec![
            Field::new("id", DataType::UInt64, false),
            Field::new("name", DataType::Utf8, false),
            Field::new("email", DataType::Utf8, true),
            Field::new("tags", DataType::List(tag.clone()), false),
        ]);
        let item_fields = Fields::from(vec![
            Field::new("sku", DataType::Utf8, false),
            Field::new("quantity", DataType::UInt32, false),
            Field::new("price_cents", DataType::Int64, false),
            Field::new("discount", DataType::Float64, true),
        ]);
        let item: FieldRef = Arc::new(Field::new(
            "item",
            DataType::Struct(item_fields.clone()),
            false,
        ));
        let entry_fields = Fields::from(vec![
            Field::new("keys", DataType::Utf8, false),
            Field::new("values", DataType::Utf8, false),
        ]);
        let entry: FieldRef = Arc::new(Field::new(
            "entries",
            DataType::Struct(entry_fields.clone()),
            false,
        ));
        let schema = Arc::new(Schema::new(vec![
            Field::new("id", DataType::UInt64, false),
            Field::new("customer", DataType::Struct(customer.clone()), false),
            Field::new("items", DataType::List(item.clone()), false),
            Field::new("attributes", DataType::Map(entry.clone(), true), false),
            Field::new("note", DataType::Utf8, true),
        ]));
        Parts {
            schema,
            customer,
            tag,
            item,
            item_fields,
            entry,
            entry_fields,
        }
    })
}

/// List offsets from each record's element count (call `finish`).
fn offsets(lists: impl ExactSizeIterator<Item = usize>) -> OffsetBufferBuilder<i32> {
    let mut builder = OffsetBufferBuilder::<i32>::new(lists.len());
    for len in lists {
        builder.push_length(len);
    }
    builder
}

/// Child `k` of a struct, downcast and null-checked.
fn struct_child<'a, A: Array + 'static>(
    parent: &'a StructArray,
    k: usize,
    what: &str,
    nullable: bool,
) -> Result<&'a A, CodecError> {
    let child = parent
        .columns()
        .get(k)
        .ok_or_else(|| shape_error(format!("`{what}` is missing")))?;
    downcast(child.as_ref(), what, nullable)
}

impl ArrowRecord for Order {
    fn arrow_schema() -> SchemaRef {
        parts().schema.clone()
    }

    fn to_batch(records: &[Self]) -> Result<RecordBatch, CodecError> {
        let p = parts();
        let customers = || records.iter().map(|r| &r.customer);
        let tags = ListArray::try_new(
            p.tag.clone(),
            offsets(customers().map(|c| c.tags.len())).finish(),
            Arc::new(StringArray::from_iter_values(
                customers().flat_map(|c| c.tags.iter()),
            )),
            None,
        )
        .map_err(arrow_error)?;
        let customer = StructArray::try_new(
            p.customer.clone(),
            vec![
                Arc::new(UInt64Array::from_iter_values(customers().map(|c| c.id))) as ArrayRef,
                Arc::new(StringArray::from_iter_values(customers().map(|c| &c.name))),
                Arc::new(
                    customers()
                        .map(|c| c.email.as_deref())
                        .collect::<StringArray>(),
                ),
                Arc::new(tags),
            ],
            None,
        )
        .map_err(arrow_error)?;

        let lines = || records.iter().flat_map(|r| r.items.iter());
        let item = StructArray::try_new(
            p.item_fields.clone(),
            vec![
                Arc::new(StringArray::from_iter_values(lines().map(|l| &l.sku))) as ArrayRef,
                Arc::new(UInt32Array::from_iter_values(lines().map(|l| l.quantity))),
                Arc::new(Int64Array::from_iter_values(lines().map(|l| l.price_cents))),
                Arc::new(lines().map(|l| l.discount).collect::<Float64Array>()),
            ],
            None,
        )
        .map_err(arrow_error)?;
        let items = ListArray::try_new(
            p.item.clone(),
            offsets(records.iter().map(|r| r.items.len())).finish(),
            Arc::new(item),
            None,
        )
        .map_err(arrow_error)?;

        let entries = StructArray::try_new(
            p.entry_fields.clone(),
            vec![
                Arc::new(StringArray::from_iter_values(
                    records.iter().flat_map(|r| r.attributes.keys()),
                )) as ArrayRef,
                Arc::new(StringArray::from_iter_values(
                    records.iter().flat_map(|r| r.attributes.values()),
                )),
            ],
            None,
        )
        .map_err(arrow_error)?;
        let attributes = MapArray::try_new(
            p.entry.clone(),
            offsets(records.iter().map(|r| r.attributes.len())).finish(),
            entries,
            None,
            true,
        )
        .map_err(arrow_error)?;

        let columns: Vec<ArrayRef> = vec![
            Arc::new(UInt64Array::from_iter_values(records.iter().map(|r| r.id))),
            Arc::new(customer),
            Arc::new(items),
            Arc::new(attributes),
            Arc::new(
                records
                    .iter()
                    .map(|r| r.note.as_deref())
                    .collect::<StringArray>(),
            ),
        ];
        batch(p.schema.clone(), columns)
    }

    fn from_batch(batch: &RecordBatch, out: &mut Vec<Self>) -> Result<(), CodecError> {
        let schema = &parts().schema;
        check_schema(&batch.schema(), schema)?;
        let f = schema.fields();
        let id: &UInt64Array = column(batch, &f[0])?;

        let customer: &StructArray = column(batch, &f[1])?;
        let c_id: &UInt64Array = struct_child(customer, 0, "customer.id", false)?;
        let c_name: &StringArray = struct_child(customer, 1, "customer.name", false)?;
        let c_email: &StringArray = struct_child(customer, 2, "customer.email", true)?;
        let c_tags: &ListArray = struct_child(customer, 3, "customer.tags", false)?;
        let tag: &StringArray = downcast(c_tags.values().as_ref(), "customer.tags.item", false)?;

        let items: &ListArray = column(batch, &f[2])?;
        let item: &StructArray = downcast(items.values().as_ref(), "items.item", false)?;
        let sku: &StringArray = struct_child(item, 0, "items.sku", false)?;
        let quantity: &UInt32Array = struct_child(item, 1, "items.quantity", false)?;
        let price: &Int64Array = struct_child(item, 2, "items.price_cents", false)?;
        let discount: &Float64Array = struct_child(item, 3, "items.discount", true)?;

        let attributes: &MapArray = column(batch, &f[3])?;
        let entries = attributes.entries();
        let key: &StringArray = struct_child(entries, 0, "attributes.keys", false)?;
        let value: &StringArray = struct_child(entries, 1, "attributes.values", false)?;

        let note: &StringArray = column(batch, &f[4])?;

        // RecordBatch guarantees every column holds `num_rows` values, and a
        // struct's children hold as many as the struct.
        let rows = batch.num_rows();
        out.reserve(rows);
        for i in 0..rows {
            let tags = child_range(c_tags.value_offsets(), tag.len(), i, "customer.tags")?;
            let lines = child_range(items.value_offsets(), item.len(), i, "items")?;
            let pairs = child_range(attributes.value_offsets(), entries.len(), i, "attributes")?;
            let mut map = BTreeMap::new();
            for j in pairs {
                if map
                    .insert(key.value(j).to_owned(), value.value(j).to_owned())
                    .is_some()
                {
                    return Err(shape_error(format!(
                        "`attributes`: key {:?} repeated at row {i}",
                        key.value(j)
                    )));
                }
            }
            out.push(Order {
                id: id.value(i),
                customer: Customer {
                    id: c_id.value(i),
                    name: c_name.value(i).to_owned(),
                    email: c_email.is_valid(i).then(|| c_email.value(i).to_owned()),
                    tags: tags.map(|j| tag.value(j).to_owned()).collect(),
                },
                items: lines
                    .map(|j| LineItem {
                        sku: sku.value(j).to_owned(),
                        quantity: quantity.value(j),
                        price_cents: price.value(j),
                        discount: discount.is_valid(j).then(|| discount.value(j)),
                    })
                    .collect(),
                attributes: map,
                note: note.is_valid(i).then(|| note.value(i).to_owned()),
            });
        }
        Ok(())
    }
}
