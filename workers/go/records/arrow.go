package records

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Arrow IPC and Parquet: one record batch with the Arrow schemas of
// crates/codecs/src/columnar/{logs,telemetry,orders}.rs (ip a UInt32, the
// octets big-endian; telemetry's readings and counters one column each;
// orders nested as struct, list<struct>, map). arrow-go names a map's
// entry children "key"/"value" whatever it is given, where arrow-rs's
// schema says "keys"/"values": see the worker's report.

var (
	tagField   = arrow.Field{Name: "item", Type: arrow.BinaryTypes.String}
	itemStruct = arrow.StructOf(
		arrow.Field{Name: "sku", Type: arrow.BinaryTypes.String},
		arrow.Field{Name: "quantity", Type: arrow.PrimitiveTypes.Uint32},
		arrow.Field{Name: "price_cents", Type: arrow.PrimitiveTypes.Int64},
		arrow.Field{Name: "discount", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	)
	customerStruct = arrow.StructOf(
		arrow.Field{Name: "id", Type: arrow.PrimitiveTypes.Uint64},
		arrow.Field{Name: "name", Type: arrow.BinaryTypes.String},
		arrow.Field{Name: "email", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "tags", Type: arrow.ListOfField(tagField)},
	)
)

func attributesType() *arrow.MapType {
	m := arrow.MapOfFields(arrow.Field{Name: "keys", Type: arrow.BinaryTypes.String},
		arrow.Field{Name: "values", Type: arrow.BinaryTypes.String})
	m.KeysSorted = true
	return m
}

func arrowSchema(ds Dataset) *arrow.Schema {
	switch ds {
	case Logs:
		return arrow.NewSchema([]arrow.Field{
			{Name: "timestamp_ms", Type: &arrow.TimestampType{Unit: arrow.Millisecond}},
			{Name: "ip", Type: arrow.PrimitiveTypes.Uint32},
			{Name: "user_id", Type: arrow.PrimitiveTypes.Uint64},
			{Name: "method", Type: arrow.BinaryTypes.String},
			{Name: "path", Type: arrow.BinaryTypes.String},
			{Name: "status", Type: arrow.PrimitiveTypes.Uint16},
			{Name: "bytes", Type: arrow.PrimitiveTypes.Uint64},
			{Name: "referrer", Type: arrow.BinaryTypes.String, Nullable: true},
			{Name: "user_agent", Type: arrow.BinaryTypes.String},
		}, nil)
	case TelemetryRows:
		f := []arrow.Field{
			{Name: "timestamp_us", Type: &arrow.TimestampType{Unit: arrow.Microsecond}},
			{Name: "sensor", Type: arrow.PrimitiveTypes.Uint32},
		}
		for k := range 8 {
			f = append(f, arrow.Field{Name: fmt.Sprintf("reading_%d", k), Type: arrow.PrimitiveTypes.Float64})
		}
		for k := range 4 {
			f = append(f, arrow.Field{Name: fmt.Sprintf("counter_%d", k), Type: arrow.PrimitiveTypes.Int32})
		}
		f = append(f, arrow.Field{Name: "flags", Type: arrow.PrimitiveTypes.Uint8})
		return arrow.NewSchema(f, nil)
	}
	return arrow.NewSchema([]arrow.Field{
		{Name: "id", Type: arrow.PrimitiveTypes.Uint64},
		{Name: "customer", Type: customerStruct},
		{Name: "items", Type: arrow.ListOfField(arrow.Field{Name: "item", Type: itemStruct})},
		{Name: "attributes", Type: attributesType()},
		{Name: "note", Type: arrow.BinaryTypes.String, Nullable: true},
	}, nil)
}

func appendOptString(b *array.StringBuilder, s *string) {
	if s == nil {
		b.AppendNull()
	} else {
		b.Append(*s)
	}
}

// toArrow builds one record batch from the native structs.
func toArrow(rb *array.RecordBuilder, b *Batch) arrow.RecordBatch {
	switch b.Dataset {
	case Logs:
		ts := rb.Field(0).(*array.TimestampBuilder)
		ip := rb.Field(1).(*array.Uint32Builder)
		uid := rb.Field(2).(*array.Uint64Builder)
		method, path := rb.Field(3).(*array.StringBuilder), rb.Field(4).(*array.StringBuilder)
		status, nbytes := rb.Field(5).(*array.Uint16Builder), rb.Field(6).(*array.Uint64Builder)
		ref, ua := rb.Field(7).(*array.StringBuilder), rb.Field(8).(*array.StringBuilder)
		for i := range b.Logs {
			r := &b.Logs[i]
			ts.Append(arrow.Timestamp(r.TimestampMs))
			ip.Append(ipToU32(r.IP))
			uid.Append(r.UserID)
			method.Append(r.Method)
			path.Append(r.Path)
			status.Append(r.Status)
			nbytes.Append(r.Bytes)
			appendOptString(ref, r.Referrer)
			ua.Append(r.UserAgent)
		}
	case TelemetryRows:
		ts := rb.Field(0).(*array.TimestampBuilder)
		sensor := rb.Field(1).(*array.Uint32Builder)
		flags := rb.Field(14).(*array.Uint8Builder)
		for i := range b.Telemetry {
			r := &b.Telemetry[i]
			ts.Append(arrow.Timestamp(r.TimestampUs))
			sensor.Append(r.Sensor)
			for k, v := range r.Readings {
				rb.Field(2 + k).(*array.Float64Builder).Append(v)
			}
			for k, v := range r.Counters {
				rb.Field(10 + k).(*array.Int32Builder).Append(v)
			}
			flags.Append(r.Flags)
		}
	case Orders:
		id := rb.Field(0).(*array.Uint64Builder)
		cu := rb.Field(1).(*array.StructBuilder)
		cuID, cuName := cu.FieldBuilder(0).(*array.Uint64Builder), cu.FieldBuilder(1).(*array.StringBuilder)
		cuEmail, cuTags := cu.FieldBuilder(2).(*array.StringBuilder), cu.FieldBuilder(3).(*array.ListBuilder)
		tag := cuTags.ValueBuilder().(*array.StringBuilder)
		items := rb.Field(2).(*array.ListBuilder)
		item := items.ValueBuilder().(*array.StructBuilder)
		sku, qty := item.FieldBuilder(0).(*array.StringBuilder), item.FieldBuilder(1).(*array.Uint32Builder)
		price, disc := item.FieldBuilder(2).(*array.Int64Builder), item.FieldBuilder(3).(*array.Float64Builder)
		attrs := rb.Field(3).(*array.MapBuilder)
		keys, vals := attrs.KeyBuilder().(*array.StringBuilder), attrs.ItemBuilder().(*array.StringBuilder)
		note := rb.Field(4).(*array.StringBuilder)
		var sorted []string
		for i := range b.Orders {
			r := &b.Orders[i]
			id.Append(r.ID)
			cu.Append(true)
			cuID.Append(r.Customer.ID)
			cuName.Append(r.Customer.Name)
			appendOptString(cuEmail, r.Customer.Email)
			cuTags.Append(true)
			for _, t := range r.Customer.Tags {
				tag.Append(t)
			}
			items.Append(true)
			for k := range r.Items {
				l := &r.Items[k]
				item.Append(true)
				sku.Append(l.Sku)
				qty.Append(l.Quantity)
				price.Append(l.PriceCents)
				if l.Discount == nil {
					disc.AppendNull()
				} else {
					disc.Append(*l.Discount)
				}
			}
			attrs.Append(true)
			sorted = sorted[:0]
			for k := range r.Attributes {
				sorted = append(sorted, k)
			}
			slices.Sort(sorted)
			for _, k := range sorted {
				keys.Append(k)
				vals.Append(r.Attributes[k])
			}
			appendOptString(note, r.Note)
		}
	}
	return rb.NewRecordBatch()
}

func optStringAt(a *array.String, i int) *string {
	if a.IsNull(i) {
		return nil
	}
	s := a.Value(i)
	return &s
}

var errArrowShape = errors.New("arrow: the batch does not have the record schema")

// column is column k of rec as type A, non-null unless nullable.
func column[A arrow.Array](rec arrow.RecordBatch, k int, nullable bool) (A, error) {
	var zero A
	if k >= int(rec.NumCols()) {
		return zero, errArrowShape
	}
	return asArray[A](rec.Column(k), rec.ColumnName(k), nullable)
}

func asArray[A arrow.Array](col arrow.Array, name string, nullable bool) (A, error) {
	a, ok := col.(A)
	if !ok {
		var zero A
		return zero, fmt.Errorf("arrow: column %s is %s, not the record schema's type", name, col.DataType())
	}
	if !nullable && col.NullN() > 0 {
		return a, fmt.Errorf("arrow: column %s holds nulls", name)
	}
	return a, nil
}

// fromArrow appends the batch's rows to out, reading every field.
func fromArrow(rec arrow.RecordBatch, out *Batch) error {
	n := int(rec.NumRows())
	switch out.Dataset {
	case Logs:
		ts, err1 := column[*array.Timestamp](rec, 0, false)
		ip, err2 := column[*array.Uint32](rec, 1, false)
		uid, err3 := column[*array.Uint64](rec, 2, false)
		method, err4 := column[*array.String](rec, 3, false)
		path, err5 := column[*array.String](rec, 4, false)
		status, err6 := column[*array.Uint16](rec, 5, false)
		nbytes, err7 := column[*array.Uint64](rec, 6, false)
		ref, err8 := column[*array.String](rec, 7, true)
		ua, err9 := column[*array.String](rec, 8, false)
		if err := errors.Join(err1, err2, err3, err4, err5, err6, err7, err8, err9); err != nil {
			return err
		}
		for i := range n {
			out.Logs = append(out.Logs, LogRecord{int64(ts.Value(i)), u32ToIP(ip.Value(i)), uid.Value(i), method.Value(i),
				path.Value(i), status.Value(i), nbytes.Value(i), optStringAt(ref, i), ua.Value(i)})
		}
	case TelemetryRows:
		ts, err1 := column[*array.Timestamp](rec, 0, false)
		sensor, err2 := column[*array.Uint32](rec, 1, false)
		flags, err3 := column[*array.Uint8](rec, 14, false)
		if err := errors.Join(err1, err2, err3); err != nil {
			return err
		}
		var rd [8][]float64
		var ct [4][]int32
		for k := range rd {
			c, err := column[*array.Float64](rec, 2+k, false)
			if err != nil {
				return err
			}
			rd[k] = c.Float64Values()
		}
		for k := range ct {
			c, err := column[*array.Int32](rec, 10+k, false)
			if err != nil {
				return err
			}
			ct[k] = c.Int32Values()
		}
		for i := range n {
			t := Telemetry{TimestampUs: int64(ts.Value(i)), Sensor: sensor.Value(i), Flags: flags.Value(i)}
			for k := range rd {
				t.Readings[k] = rd[k][i]
			}
			for k := range ct {
				t.Counters[k] = ct[k][i]
			}
			out.Telemetry = append(out.Telemetry, t)
		}
	case Orders:
		id, err1 := column[*array.Uint64](rec, 0, false)
		cu, err2 := column[*array.Struct](rec, 1, false)
		items, err3 := column[*array.List](rec, 2, false)
		attrs, err4 := column[*array.Map](rec, 3, false)
		note, err5 := column[*array.String](rec, 4, true)
		if err := errors.Join(err1, err2, err3, err4, err5); err != nil {
			return err
		}
		if cu.NumField() != 4 {
			return errArrowShape
		}
		cuID, e1 := asArray[*array.Uint64](cu.Field(0), "customer.id", false)
		cuName, e2 := asArray[*array.String](cu.Field(1), "customer.name", false)
		cuEmail, e3 := asArray[*array.String](cu.Field(2), "customer.email", true)
		cuTags, e4 := asArray[*array.List](cu.Field(3), "customer.tags", false)
		if err := errors.Join(e1, e2, e3, e4); err != nil {
			return err
		}
		tag, e5 := asArray[*array.String](cuTags.ListValues(), "customer.tags.item", false)
		item, e6 := asArray[*array.Struct](items.ListValues(), "items.item", false)
		if err := errors.Join(e5, e6); err != nil {
			return err
		}
		if item.NumField() != 4 {
			return errArrowShape
		}
		sku, f1 := asArray[*array.String](item.Field(0), "items.sku", false)
		qty, f2 := asArray[*array.Uint32](item.Field(1), "items.quantity", false)
		price, f3 := asArray[*array.Int64](item.Field(2), "items.price_cents", false)
		disc, f4 := asArray[*array.Float64](item.Field(3), "items.discount", true)
		keys, f5 := asArray[*array.String](attrs.Keys(), "attributes.keys", false)
		vals, f6 := asArray[*array.String](attrs.Items(), "attributes.values", false)
		if err := errors.Join(f1, f2, f3, f4, f5, f6); err != nil {
			return err
		}
		for i := range n {
			o := Order{ID: id.Value(i), Note: optStringAt(note, i)}
			o.Customer = Customer{ID: cuID.Value(i), Name: cuName.Value(i), Email: optStringAt(cuEmail, i)}
			lo, hi := cuTags.ValueOffsets(i)
			o.Customer.Tags = make([]string, 0, hi-lo)
			for k := lo; k < hi; k++ {
				o.Customer.Tags = append(o.Customer.Tags, tag.Value(int(k)))
			}
			lo, hi = items.ValueOffsets(i)
			o.Items = make([]LineItem, 0, hi-lo)
			for k := int(lo); k < int(hi); k++ {
				var d *float64
				if disc.IsValid(k) {
					v := disc.Value(k)
					d = &v
				}
				o.Items = append(o.Items, LineItem{sku.Value(k), qty.Value(k), price.Value(k), d})
			}
			lo, hi = attrs.ValueOffsets(i)
			o.Attributes = make(map[string]string, hi-lo)
			for k := int(lo); k < int(hi); k++ {
				o.Attributes[keys.Value(k)] = vals.Value(k)
			}
			out.Orders = append(out.Orders, o)
		}
	}
	return nil
}

type arrowIPCCoder struct {
	ds     Dataset
	schema *arrow.Schema
	rb     *array.RecordBuilder
	buf    bytes.Buffer
}

func newArrowIPC(ds Dataset) (Coder, error) {
	s := arrowSchema(ds)
	return &arrowIPCCoder{ds: ds, schema: s, rb: array.NewRecordBuilder(memory.DefaultAllocator, s)}, nil
}

func (c *arrowIPCCoder) Encode(b *Batch) ([]byte, error) {
	rec := toArrow(c.rb, b)
	defer rec.Release()
	c.buf.Reset()
	w := ipc.NewWriter(&c.buf, ipc.WithSchema(c.schema))
	if err := w.Write(rec); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return c.buf.Bytes(), nil
}

func (c *arrowIPCCoder) Decode(data []byte) (*Batch, error) {
	r, err := ipc.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	defer r.Release()
	out := &Batch{Dataset: c.ds}
	for r.Next() {
		if err := fromArrow(r.RecordBatch(), out); err != nil {
			return nil, err
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

type parquetCoder struct {
	ds     Dataset
	schema *arrow.Schema
	rb     *array.RecordBuilder
	props  *parquet.WriterProperties
	aprops pqarrow.ArrowWriterProperties
	buf    bytes.Buffer
}

func newParquet(ds Dataset) (Coder, error) {
	s := arrowSchema(ds)
	return &parquetCoder{ds: ds, schema: s, rb: array.NewRecordBuilder(memory.DefaultAllocator, s),
		// as Rust's ArrowWriter here: uncompressed, one row group, the Arrow
		// schema stored in the file's metadata
		props: parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Uncompressed),
			parquet.WithMaxRowGroupLength(1<<40)),
		aprops: pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()),
	}, nil
}

func (c *parquetCoder) Encode(b *Batch) ([]byte, error) {
	rec := toArrow(c.rb, b)
	defer rec.Release()
	c.buf.Reset()
	w, err := pqarrow.NewFileWriter(c.schema, &c.buf, c.props, c.aprops)
	if err != nil {
		return nil, err
	}
	if err := w.Write(rec); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return c.buf.Bytes(), nil
}

func (c *parquetCoder) Decode(data []byte) (*Batch, error) {
	tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(data), nil, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		return nil, err
	}
	defer tbl.Release()
	tr := array.NewTableReader(tbl, -1)
	defer tr.Release()
	out := &Batch{Dataset: c.ds}
	for tr.Next() {
		if err := fromArrow(tr.RecordBatch(), out); err != nil {
			return nil, err
		}
	}
	return out, tr.Err()
}

func init() {
	register(&Codec{ID: "record-go/arrow-ipc", Format: "arrow-ipc", Module: "github.com/apache/arrow-go/v18", Name: "apache/arrow-go",
		Summary: "arrow-go IPC stream of one record batch (builders in, typed arrays out, every field read)",
		New:     newArrowIPC})
	register(&Codec{ID: "record-go/parquet", Format: "parquet", Module: "github.com/apache/arrow-go/v18", Name: "apache/arrow-go parquet",
		Summary: "arrow-go pqarrow, one uncompressed Parquet file, one row group, Arrow schema stored",
		New:     newParquet})
}
