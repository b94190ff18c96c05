//! The peer under the same load: Erlang/OTP's own load test for these
//! codecs, `megaco_codec_mstone1` (megaco's `examples/meas`), on every
//! scheduler for the same duration as our rows. mstone1's entry points run
//! all codecs at once and print one total; to get a figure per codec we
//! drive its own exported runner (`mstone_runner_init/6`: the same warm-up,
//! the same loop, the same count) one codec at a time, one runner per
//! scheduler, over the messages `megaco_codec_transform` makes. Its count is
//! encodes plus decodes (the runner alternates a decode pass and an encode
//! pass over the 149 messages), so messages/s — one decode and one encode
//! each, as our rows count — is half the count per second.

use super::meta;
use crate::{Context, Mode, Output};
use encbench_record::{Check, LoadRow, Record};
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One mstone codec: row id suffix, mstone's codec name, encoder module,
/// configuration (`flex_scanner` is megaco's linked-in text scanner driver,
/// `native` the BER/PER codecs on wire-form values, mstone's "drv" set).
pub(crate) const CODECS: [(&str, &str, &str, &str); 8] = [
    ("ber", "ber", "megaco_ber_encoder", "[]"),
    ("ber-native", "ber", "megaco_ber_encoder", "[native]"),
    ("compact", "compact", "megaco_compact_text_encoder", "[]"),
    (
        "compact-flex",
        "compact",
        "megaco_compact_text_encoder",
        "[flex_scanner]",
    ),
    ("per", "per", "megaco_per_encoder", "[]"),
    ("per-native", "per", "megaco_per_encoder", "[native]"),
    ("pretty", "pretty", "megaco_pretty_text_encoder", "[]"),
    (
        "pretty-flex",
        "pretty",
        "megaco_pretty_text_encoder",
        "[flex_scanner]",
    ),
];

/// One codec's count.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Count {
    /// Row id suffix (`ber-native`).
    pub label: String,
    /// Runners (one per scheduler).
    pub runners: u32,
    /// Run time, ms.
    pub ms: u64,
    /// MStone: encodes plus decodes.
    pub mstone: u64,
}

impl Count {
    /// Messages (one decode and one encode each) per second.
    pub fn messages_per_s(&self) -> f64 {
        self.mstone as f64 / 2.0 / (self.ms as f64 / 1e3)
    }
}

/// What a run of the peer gave.
#[derive(Debug, Default)]
pub(crate) struct Peer {
    /// `Erlang/OTP 25`.
    pub runtime: String,
    /// Per codec, in the order asked.
    pub counts: Vec<Count>,
    /// Codecs that failed, with Erlang's reason.
    pub errors: Vec<String>,
}

/// megaco's `examples/meas`, where Debian's erlang-megaco installs it.
pub(crate) fn meas_dir() -> Option<PathBuf> {
    let lib = std::fs::read_dir("/usr/lib/erlang/lib").ok()?;
    let mut found: Vec<PathBuf> = lib
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("megaco-"))
        .map(|e| e.path().join("examples/meas"))
        .filter(|p| p.join("megaco_codec_mstone1.beam").is_file())
        .collect();
    found.sort();
    found.pop()
}

/// Runs the codecs `labels` names for `duration` each; `Err` says why the
/// peer could not run at all (no `erl`, no megaco examples, a timeout).
pub(crate) fn run(labels: &[&str], duration: Duration) -> Result<Peer, String> {
    let dir = meas_dir().ok_or(
        "megaco's examples/meas (megaco_codec_mstone1) is not installed: `erlang-megaco` is not installed",
    )?;
    let ms = duration.as_millis().max(100) as u64;
    let calls: Vec<String> = labels
        .iter()
        .filter_map(|l| CODECS.iter().find(|c| c.0 == *l))
        .map(|(label, codec, module, conf)| format!("Run(\"{label}\", {codec}, {module}, {conf})"))
        .collect();
    let script = SCRIPT
        .replace("@MS@", &ms.to_string())
        .replace("@CALLS@", &calls.join(",\n"));
    let mut child = Command::new("erl")
        .arg("-noshell")
        .arg("-pa")
        .arg(&dir)
        .arg("-eval")
        .arg(script)
        .arg("-s")
        .arg("init")
        .arg("stop")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => "`erl` not found".to_string(),
            _ => format!("starting erl: {e}"),
        })?;
    // Each codec: its run, its warm-up and the transform of the messages;
    // a peer that takes far longer is stopped rather than waited for.
    let limit = Duration::from_millis(ms) * calls.len() as u32 * 3 + Duration::from_secs(30);
    let started = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if started.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "erl ran past {} s and was stopped",
                    limit.as_secs()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => return Err(format!("waiting for erl: {e}")),
        }
    }
    let mut out = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        let _ = stdout.read_to_string(&mut out);
    }
    Ok(parse(&out))
}

/// Reads the `ENCBENCH …` lines the script prints.
pub(crate) fn parse(out: &str) -> Peer {
    let mut peer = Peer::default();
    for line in out.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["ENCBENCH", "otp", release, ..] => peer.runtime = format!("Erlang/OTP {release}"),
            ["ENCBENCH", "mstone", label, runners, ms, count] => {
                if let (Ok(runners), Ok(ms), Ok(mstone)) =
                    (runners.parse(), ms.parse(), count.parse())
                {
                    peer.counts.push(Count {
                        label: label.to_string(),
                        runners,
                        ms,
                        mstone,
                    });
                }
            }
            ["ENCBENCH", "error", label, why @ ..] => {
                peer.errors.push(format!("{label}: {}", why.join(" ")))
            }
            _ => {}
        }
    }
    peer
}

/// Erlang's mstone rows: BER plain and native, compact plain (full mode:
/// compact with the flex scanner driver, PER and pretty too).
pub(super) fn peer_rows(ctx: &Context<'_>, duration: Duration, cores: usize, out: &mut Output) {
    let labels: Vec<&str> = CODECS
        .iter()
        .map(|c| c.0)
        .filter(|l| ctx.mode == Mode::Full || ["ber", "ber-native", "compact"].contains(l))
        .filter(|l| ctx.wants(&format!("megaco/erlang-{}", l.trim_end_matches("-flex"))))
        .collect();
    if labels.is_empty() {
        return;
    }
    let peer = match run(&labels, duration) {
        Ok(p) => p,
        Err(why) => {
            out.notes
                .push(format!("load: erlang mstone rows skipped: {why}"));
            return;
        }
    };
    for e in &peer.errors {
        out.notes.push(format!("load: erlang mstone {e}"));
    }
    for c in &peer.counts {
        let codec = format!("megaco/erlang-{}", c.label);
        let mps = c.messages_per_s();
        let mut m = meta(
            &codec,
            &format!("{}/threads-all", super::subjects::MEGACO_DATASET),
            "closed-loop",
        );
        m.language = "erlang".into();
        m.runtime = Some(peer.runtime.clone());
        let check = Check::Unverified {
            reason: "mstone1's runner decodes and encodes every message in its warm-up; its bytes are not compared here (scenario megaco does that)".into(),
        };
        let row = LoadRow {
            threads: c.runners,
            messages_per_s: mps,
            window_ns: vec![1e9 / mps.max(1e-9)],
            mstone: Some(c.mstone),
            ..LoadRow::default()
        };
        out.records.push(Record::load(m, &check, row));
    }
    if !peer.counts.is_empty() {
        out.notes.push(format!(
            "load: Erlang rows: megaco_codec_mstone1's own runner (mstone_runner_init/6), one per scheduler ({} on {cores} cores), one codec at a time for {} s each; MStone counts encodes plus decodes, so messages/s = MStone ÷ 2 ÷ seconds; -flex is the flex scanner driver, -native the BER/PER codec on wire-form values (mstone's driver set). mstone2 is not run: it times the same codecs one message per process and reports no per-codec count",
            peer.counts[0].runners,
            duration.as_secs_f64()
        ));
    }
}

/// The eval: per codec, one mstone1 runner per scheduler, released together.
const SCRIPT: &str = r#"
Ms = @MS@,
Runners = erlang:system_info(schedulers_online),
io:format("ENCBENCH otp ~s ~p~n", [erlang:system_info(otp_release), Runners]),
process_flag(trap_exit, true),
All = megaco_codec_transform:messages(time_test),
Run = fun(Label, Codec, Mod, Conf0) ->
  try
    Conf = case Conf0 of
             [flex_scanner] ->
               {_FlexPid, FlexConf} = megaco_codec_mstone_lib:start_flex_scanner(),
               FlexConf;
             _ -> Conf0
           end,
    {value, {_, Msgs}} = lists:keysearch(Codec, 1, All),
    Self = self(),
    Pids = [spawn_opt(megaco_codec_mstone1, mstone_runner_init,
                      [Ms, Codec, Self, Mod, [{version3, v3} | Conf], Msgs],
                      [link, {min_heap_size, 16#ffff}])
            || _ <- lists:seq(1, Runners)],
    [receive {ready, P} -> ok end || P <- Pids],
    [P ! {go, Self} || P <- Pids],
    Total = lists:sum([receive
                         {'EXIT', P, {runner_done, _, _, N, _}} -> N;
                         {'EXIT', P, Why} -> throw(Why)
                       end || P <- Pids]),
    io:format("ENCBENCH mstone ~s ~p ~p ~p~n", [Label, Runners, Ms, Total])
  catch C:E -> io:format("ENCBENCH error ~s ~0p~n", [Label, {C, E}])
  end
end,
@CALLS@.
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_peers_lines_are_read_and_counts_halved_per_second() {
        let peer = parse(
            "noise\nENCBENCH otp 25 2\nENCBENCH mstone ber 2 1000 168072\n\
             ENCBENCH error compact-flex {error,{failed_loading_flex_scanner_driver,x}}\n",
        );
        assert_eq!(peer.runtime, "Erlang/OTP 25");
        assert_eq!(peer.counts.len(), 1);
        assert_eq!(peer.counts[0].messages_per_s(), 84_036.0);
        assert!(peer.errors[0].starts_with("compact-flex: {error"));
    }

    /// With Erlang installed, a short run counts something for BER.
    #[test]
    fn the_peer_runs_where_erlang_is_installed() {
        match run(&["ber"], Duration::from_millis(200)) {
            Ok(peer) => {
                assert!(peer.errors.is_empty(), "{:?}", peer.errors);
                assert_eq!(peer.counts.len(), 1);
                assert!(peer.counts[0].mstone > 0);
            }
            Err(why) => assert!(std::env::var_os("CI").is_none(), "{why}"),
        }
    }
}
