use crate::records::fixtures::telemetry;
use crate::records::Telemetry;
use crate::Codec;

#[test]
fn json_lines_reports_the_failing_record() {
    let codec = crate::serde_codecs::JsonLines::<Telemetry>::default();
    let mut buf = Vec::new();
    codec.encode(&telemetry()[..2].to_vec(), &mut buf).unwrap();
    buf.extend_from_slice(b"{\"broken\": true}\n");
    let err = codec.decode(&buf).unwrap_err().to_string();
    assert!(err.contains("record 3"), "{err}");
}
