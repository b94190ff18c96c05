use super::*;

fn all() -> Vec<Box<dyn Compressor>> {
    vec![
        Box::new(Gzip(6)),
        Box::new(Zstd(3)),
        Box::new(Lz4),
        Box::new(Xz(1)),
        Box::new(Bzip2(9)),
        Box::new(Snappy),
        Box::new(Brotli(5)),
    ]
}

fn sample() -> Vec<u8> {
    let words = ["cfcd2084", "c4ca4238", "c81e728d", "eccbc87e"];
    let mut text = String::new();
    for i in 0..20_000 {
        text.push_str(words[i % 4]);
        text.push(if i % 10 == 9 { '\n' } else { ' ' });
    }
    text.into_bytes()
}

#[test]
fn every_compressor_round_trips_buffered_and_streaming() {
    let input = sample();
    for c in all() {
        let mut packed = Vec::new();
        c.compress(&input, &mut packed).unwrap();
        assert!(
            packed.len() < input.len() / 4,
            "{} barely compressed",
            c.id()
        );
        let mut back = Vec::new();
        c.decompress(&packed, &mut back).unwrap();
        assert_eq!(back, input, "{}", c.id());
        let mut streamed = Vec::new();
        c.decoder(Box::new(&packed[..]))
            .read_to_end(&mut streamed)
            .unwrap();
        assert_eq!(streamed, input, "{} streaming", c.id());
    }
}

#[test]
fn every_compressor_rejects_garbage_and_truncation_without_panicking() {
    let input = sample();
    for c in all() {
        let mut packed = Vec::new();
        c.compress(&input, &mut packed).unwrap();
        let mut out = Vec::new();
        assert!(
            c.decompress(&packed[..packed.len() / 2], &mut out).is_err(),
            "{} accepted a truncated stream",
            c.id()
        );
        out.clear();
        assert!(
            c.decompress(b"definitely not compressed data", &mut out)
                .is_err(),
            "{} accepted garbage",
            c.id()
        );
    }
}

#[test]
fn ids_carry_the_level() {
    let ids: Vec<String> = all().iter().map(|c| c.id()).collect();
    assert_eq!(
        ids,
        ["gzip-6", "zstd-3", "lz4", "xz-1", "bzip2-9", "snappy", "brotli-5"]
    );
}

#[test]
fn streaming_compression_reads_in_small_pieces_and_round_trips() {
    // A reader that hands out 7 bytes at a time, as a slow pipe would.
    struct Trickle<'a>(&'a [u8]);
    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(7).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let input = sample();
    for c in all() {
        let mut packed = Vec::new();
        c.compress_stream(&mut Trickle(&input), &mut packed)
            .unwrap();
        let mut back = Vec::new();
        c.decompress(&packed, &mut back).unwrap();
        assert_eq!(back, input, "{}", c.id());
    }
}
