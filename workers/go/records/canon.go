package records

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
)

// ReadJSONL loads canonical JSON Lines (one record per line) into a Batch.
func ReadJSONL(path string, ds Dataset) (*Batch, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseJSONL(data, ds)
}

// ParseJSONL reads canonical JSON Lines from memory.
func ParseJSONL(data []byte, ds Dataset) (*Batch, error) {
	b := &Batch{Dataset: ds}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<16), 1<<30)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		var err error
		switch ds {
		case Logs:
			var r LogRecord
			err = dec.Decode(&r)
			b.Logs = append(b.Logs, r)
		case TelemetryRows:
			var r Telemetry
			err = dec.Decode(&r)
			b.Telemetry = append(b.Telemetry, r)
		case Orders:
			var r Order
			err = dec.Decode(&r)
			if r.Customer.Tags == nil {
				r.Customer.Tags = []string{}
			}
			if r.Items == nil {
				r.Items = []LineItem{}
			}
			if r.Attributes == nil {
				r.Attributes = map[string]string{}
			}
			b.Orders = append(b.Orders, r)
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
	}
	return b, sc.Err()
}

// WriteJSONL writes the batch as canonical JSON Lines, as serde_json writes
// the Rust types: fields in declaration order, shortest round-trip floats in
// ryu's notation (so -0.0, 1e-300 and 2.0 read back bit for bit), null for
// an absent optional, attributes in key order, only ", \ and control
// characters escaped.
func WriteJSONL(b *Batch) ([]byte, error) {
	w := &canonWriter{}
	switch b.Dataset {
	case Logs:
		for i := range b.Logs {
			w.log(&b.Logs[i])
		}
	case TelemetryRows:
		for i := range b.Telemetry {
			w.telemetry(&b.Telemetry[i])
		}
	case Orders:
		for i := range b.Orders {
			w.order(&b.Orders[i])
		}
	}
	return w.buf, w.err
}

// CanonicalLines is WriteJSONL split into one string per record.
func CanonicalLines(b *Batch) ([]string, error) {
	out, err := WriteJSONL(b)
	if err != nil {
		return nil, err
	}
	var lines []string
	for l := range bytes.Lines(out) {
		lines = append(lines, string(bytes.TrimSuffix(l, []byte("\n"))))
	}
	return lines, nil
}

type canonWriter struct {
	buf []byte
	err error
}

func (w *canonWriter) key(first bool, k string) {
	if !first {
		w.buf = append(w.buf, ',')
	}
	w.buf = append(w.buf, '"')
	w.buf = append(w.buf, k...)
	w.buf = append(w.buf, '"', ':')
}

func (w *canonWriter) uint(v uint64) { w.buf = strconv.AppendUint(w.buf, v, 10) }
func (w *canonWriter) int(v int64)   { w.buf = strconv.AppendInt(w.buf, v, 10) }

func (w *canonWriter) str(s string) { w.buf = appendJSONString(w.buf, s) }

func (w *canonWriter) optStr(s *string) {
	if s == nil {
		w.buf = append(w.buf, "null"...)
		return
	}
	w.str(*s)
}

func (w *canonWriter) float(f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if w.err == nil {
			w.err = fmt.Errorf("%v has no JSON form", f)
		}
		w.buf = append(w.buf, "null"...)
		return
	}
	w.buf = AppendFloat(w.buf, f)
}

func (w *canonWriter) log(r *LogRecord) {
	w.buf = append(w.buf, '{')
	w.key(true, "timestamp_ms")
	w.int(r.TimestampMs)
	w.key(false, "ip")
	w.buf = append(w.buf, '[')
	for i, o := range r.IP {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		w.uint(uint64(o))
	}
	w.buf = append(w.buf, ']')
	w.key(false, "user_id")
	w.uint(r.UserID)
	w.key(false, "method")
	w.str(r.Method)
	w.key(false, "path")
	w.str(r.Path)
	w.key(false, "status")
	w.uint(uint64(r.Status))
	w.key(false, "bytes")
	w.uint(r.Bytes)
	w.key(false, "referrer")
	w.optStr(r.Referrer)
	w.key(false, "user_agent")
	w.str(r.UserAgent)
	w.buf = append(w.buf, '}', '\n')
}

func (w *canonWriter) telemetry(r *Telemetry) {
	w.buf = append(w.buf, '{')
	w.key(true, "timestamp_us")
	w.int(r.TimestampUs)
	w.key(false, "sensor")
	w.uint(uint64(r.Sensor))
	w.key(false, "readings")
	w.buf = append(w.buf, '[')
	for i, f := range r.Readings {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		w.float(f)
	}
	w.buf = append(w.buf, ']')
	w.key(false, "counters")
	w.buf = append(w.buf, '[')
	for i, c := range r.Counters {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		w.int(int64(c))
	}
	w.buf = append(w.buf, ']')
	w.key(false, "flags")
	w.uint(uint64(r.Flags))
	w.buf = append(w.buf, '}', '\n')
}

func (w *canonWriter) order(r *Order) {
	w.buf = append(w.buf, '{')
	w.key(true, "id")
	w.uint(r.ID)
	w.key(false, "customer")
	c := &r.Customer
	w.buf = append(w.buf, '{')
	w.key(true, "id")
	w.uint(c.ID)
	w.key(false, "name")
	w.str(c.Name)
	w.key(false, "email")
	w.optStr(c.Email)
	w.key(false, "tags")
	w.buf = append(w.buf, '[')
	for i, t := range c.Tags {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		w.str(t)
	}
	w.buf = append(w.buf, ']', '}')
	w.key(false, "items")
	w.buf = append(w.buf, '[')
	for i := range r.Items {
		it := &r.Items[i]
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		w.buf = append(w.buf, '{')
		w.key(true, "sku")
		w.str(it.Sku)
		w.key(false, "quantity")
		w.uint(uint64(it.Quantity))
		w.key(false, "price_cents")
		w.int(it.PriceCents)
		w.key(false, "discount")
		if it.Discount == nil {
			w.buf = append(w.buf, "null"...)
		} else {
			w.float(*it.Discount)
		}
		w.buf = append(w.buf, '}')
	}
	w.buf = append(w.buf, ']')
	w.key(false, "attributes")
	w.buf = append(w.buf, '{')
	keys := make([]string, 0, len(r.Attributes))
	for k := range r.Attributes {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for i, k := range keys {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		w.str(k)
		w.buf = append(w.buf, ':')
		w.str(r.Attributes[k])
	}
	w.buf = append(w.buf, '}')
	w.key(false, "note")
	w.optStr(r.Note)
	w.buf = append(w.buf, '}', '\n')
}

// appendJSONString escapes as serde_json does: ", \, and control characters
// (\b \f \n \r \t or \u00XX); everything else, non-ASCII included, as is.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			dst = append(dst, '\\', '"')
		case c == '\\':
			dst = append(dst, '\\', '\\')
		case c >= 0x20:
			dst = append(dst, c)
		case c == '\b':
			dst = append(dst, '\\', 'b')
		case c == '\f':
			dst = append(dst, '\\', 'f')
		case c == '\n':
			dst = append(dst, '\\', 'n')
		case c == '\r':
			dst = append(dst, '\\', 'r')
		case c == '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		}
	}
	return append(dst, '"')
}

// AppendFloat writes a finite f64 as serde_json (ryu) does: the shortest
// digits that round-trip; plain decimal with ".0" for integral values when
// the decimal point falls within 16 digits, else d.ddde±x ("1e+300",
// "1e-300", "2.2250738585072014e-308"); -0.0 keeps its sign.
func AppendFloat(dst []byte, f float64) []byte {
	if f == 0 {
		if math.Signbit(f) {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	var tmp [32]byte
	e := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64) // [-]d[.ddd]e±xx
	if e[0] == '-' {
		dst = append(dst, '-')
		e = e[1:]
	}
	ei := bytes.IndexByte(e, 'e')
	mant, expPart := e[:ei], e[ei+1:]
	exp, _ := strconv.Atoi(string(expPart))
	digits := make([]byte, 0, 17)
	for _, c := range mant {
		if c != '.' {
			digits = append(digits, c)
		}
	}
	n := len(digits)
	kk := exp + 1 // position of the decimal point relative to the digits
	switch {
	case n <= kk && kk <= 16:
		dst = append(dst, digits...)
		for i := n; i < kk; i++ {
			dst = append(dst, '0')
		}
		dst = append(dst, '.', '0')
	case 0 < kk && kk <= 16:
		dst = append(dst, digits[:kk]...)
		dst = append(dst, '.')
		dst = append(dst, digits[kk:]...)
	case -5 < kk && kk <= 0:
		dst = append(dst, '0', '.')
		for i := kk; i < 0; i++ {
			dst = append(dst, '0')
		}
		dst = append(dst, digits...)
	default:
		dst = append(dst, digits[0])
		if n > 1 {
			dst = append(dst, '.')
			dst = append(dst, digits[1:]...)
		}
		dst = append(dst, 'e')
		if kk-1 >= 0 {
			dst = append(dst, '+')
		}
		dst = strconv.AppendInt(dst, int64(kk-1), 10)
	}
	return dst
}
