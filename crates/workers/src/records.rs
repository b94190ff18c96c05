//! The record workers' requests (see `docs/workers.md`, "Record workers"):
//! the codec matrix's records handed over once as canonical JSON Lines,
//! the worker's bytes and what it decoded from them written to files for
//! encbench to compare, then whole-batch encodes or decodes on the worker's
//! own clock.

use crate::Worker;
use serde_json::json;
use std::path::Path;
use std::time::Duration;

/// Where a record worker reads and writes for one codec.
pub struct RecordFiles<'a> {
    /// The dataset name (`logs`, `telemetry`, `orders`).
    pub dataset: &'a str,
    /// The records, canonical JSON Lines.
    pub input: &'a Path,
    /// Where the worker writes its encoding of the batch.
    pub encoded_out: &'a Path,
    /// Where it writes what it decoded from those bytes.
    pub decoded_out: &'a Path,
    /// At most this long warming each timed operation before the first
    /// sample (a JIT's warm-up); workers without one may ignore it.
    pub warmup: Duration,
}

/// What a timed record-worker batch does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordOp {
    /// The native objects to bytes.
    Encode,
    /// Bytes to native objects, every field materialised.
    Decode,
}

impl RecordOp {
    /// The protocol's word, also the row's operation.
    pub fn as_str(self) -> &'static str {
        match self {
            RecordOp::Encode => "encode",
            RecordOp::Decode => "decode",
        }
    }
}

impl Worker {
    /// Has the worker load the records, encode them with `codec`, decode its
    /// own bytes, and write both out; returns how many records it read.
    pub fn prepare_records(&mut self, codec: &str, files: &RecordFiles<'_>) -> Result<u64, String> {
        self.timeout = Duration::from_secs(300);
        let reply = self.request(&json!({
            "op": "prepare",
            "codec": codec,
            "dataset": files.dataset,
            "input": files.input,
            "encoded_out": files.encoded_out,
            "decoded_out": files.decoded_out,
            "warmup_ms": files.warmup.as_millis() as u64,
        }))?;
        reply["records"].as_u64().ok_or_else(|| {
            format!(
                "{} worker: prepare answered without records: {reply}",
                self.name
            )
        })
    }

    /// Runs `iters` whole-batch encodes or decodes of a prepared `codec`
    /// on the worker's clock.
    pub fn run_records(
        &mut self,
        codec: &str,
        op: RecordOp,
        iters: u64,
    ) -> Result<Duration, String> {
        let reply = self
            .request(&json!({"op": "run", "codec": codec, "what": op.as_str(), "iters": iters}))?;
        reply["ns"]
            .as_u64()
            .map(Duration::from_nanos)
            .ok_or_else(|| format!("{} worker: run answered without ns: {reply}", self.name))
    }

    /// Has the worker decode bytes someone else wrote (untimed) into
    /// `decoded_out`; its refusal comes back as the error.
    pub fn decode_foreign(
        &mut self,
        codec: &str,
        dataset: &str,
        input: &Path,
        decoded_out: &Path,
    ) -> Result<u64, String> {
        self.timeout = Duration::from_secs(120);
        let reply = self.request(&json!({
            "op": "decode",
            "codec": codec,
            "dataset": dataset,
            "input": input,
            "decoded_out": decoded_out,
        }))?;
        Ok(reply["records"].as_u64().unwrap_or(0))
    }
}
