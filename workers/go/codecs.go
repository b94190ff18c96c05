package main

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"sort"
	"strconv"
)

type codec struct {
	encode func(int) ([]byte, error)
	decode func([]byte) (int, error)
}

var codecs = map[string]codec{
	"go/binary-write": {binaryWriteInt, binaryReadInt},
	"go/put-uint64":   {encodingWriteInt, encodingReadInt},
	"go/strconv":      {strWriteInt, strReadInt},
	"go/gob":          {gobWriteInt, gobReadInt},
	"go/put-varint":   {varintWriteInt, varintReadInt},
}

func codecIDs() []string {
	ids := make([]string, 0, len(codecs))
	for id := range codecs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// The seed's four functions, as published, and their read counterparts.

func binaryWriteInt(value int) ([]byte, error) {
	bs := make([]byte, 0, 8)
	buf := bytes.NewBuffer(bs)
	err := binary.Write(buf, binary.LittleEndian, int64(value))
	return buf.Bytes(), err
}

func binaryReadInt(b []byte) (int, error) {
	var v int64
	err := binary.Read(bytes.NewReader(b), binary.LittleEndian, &v)
	return int(v), err
}

func encodingWriteInt(value int) ([]byte, error) {
	bs := make([]byte, 8)
	binary.LittleEndian.PutUint64(bs, uint64(value))
	return bs, nil
}

func encodingReadInt(b []byte) (int, error) {
	if len(b) != 8 {
		return 0, errors.New("need 8 bytes")
	}
	return int(int64(binary.LittleEndian.Uint64(b))), nil
}

func strWriteInt(value int) ([]byte, error) {
	s := strconv.Itoa(value)
	return []byte(s), nil
}

func strReadInt(b []byte) (int, error) {
	return strconv.Atoi(string(b))
}

func gobWriteInt(value int) ([]byte, error) {
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	err := enc.Encode(value)
	return buf.Bytes(), err
}

func gobReadInt(b []byte) (int, error) {
	var v int
	err := gob.NewDecoder(bytes.NewReader(b)).Decode(&v)
	return v, err
}

func varintWriteInt(value int) ([]byte, error) {
	buf := make([]byte, binary.MaxVarintLen64)
	n := binary.PutVarint(buf, int64(value))
	return buf[:n], nil
}

func varintReadInt(b []byte) (int, error) {
	v, n := binary.Varint(b)
	if n <= 0 || n != len(b) {
		return 0, errors.New("bad varint")
	}
	return int(v), nil
}
