//! Known answers: field values of parsed messages, exact error messages with
//! line and column, and the Erlang term loader.

use encbench_megaco::data::parse_term;
use encbench_megaco::model::*;
use encbench_megaco::{encode_compact, encode_pretty, parse};

const MSG04: &str = "MEGACO/1 [124.124.124.222]\nTransaction = 9998 {\n\tContext = - {\n\t\tServiceChange = root {\n\t\t\tServices {\n\t\t\t\tMethod = Restart,\n\t\t\t\tServiceChangeAddress = 55555,\n\t\t\t\tProfile = resgw/1,\n\t\t\t\tReason = \"901 mg col boot\"\n\t\t\t}\n\t\t}\n\t}\n}";

#[test]
fn service_change_request_fields() {
    let m = parse(MSG04.as_bytes()).unwrap().mess;
    assert_eq!(m.version, 1);
    assert_eq!(
        m.mid,
        Mid::Ip4 {
            address: [124, 124, 124, 222],
            port: None
        }
    );
    let MessageBody::Transactions(ts) = &m.body else {
        panic!("not transactions");
    };
    let Transaction::Request(r) = &ts[0] else {
        panic!("not a request");
    };
    assert_eq!(r.transaction_id, 9998);
    assert_eq!(r.actions[0].context_id, ContextId::Null);
    let Command::ServiceChange(sc) = &r.actions[0].command_requests[0].command else {
        panic!("not a service change");
    };
    assert_eq!(sc.termination_ids, ["root"]);
    let p = &sc.service_change_parms;
    assert_eq!(p.method, ServiceChangeMethod::Restart);
    assert_eq!(p.address, Some(ServiceChangeAddress::Port(55555)));
    assert_eq!(p.profile.as_deref(), Some("resgw/1"));
    assert_eq!(p.reason.as_deref(), Some("901 mg col boot"));
}

#[test]
fn compact_encoding_of_a_service_change_is_erlangs() {
    let m = parse(MSG04.as_bytes()).unwrap();
    let mut out = Vec::new();
    encode_compact(&m, &mut out);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "!/1 [124.124.124.222]\nT=9998{C=-{SC=root{SV{MT=RS,AD=55555,PF=resgw/1,RE=\"901 mg col boot\"}}}}"
    );
}

#[test]
fn tokens_are_case_insensitive_and_short_or_long() {
    let mixed = "megaco/1 [1.2.3.4]:5 t=7{c=${a=tid{m{o{mode=sendreceive}}}}}";
    let m = parse(mixed.as_bytes()).unwrap();
    let mut pretty = Vec::new();
    encode_pretty(&m, &mut pretty);
    let text = String::from_utf8(pretty).unwrap();
    assert!(
        text.starts_with(
            "MEGACO/1 [1.2.3.4]:5\nTransaction = 7 {\n\tContext = $ {\n\t\tAdd = tid {"
        ),
        "{text}"
    );
    assert!(text.contains("Mode = SendReceive"), "{text}");
    assert_eq!(parse(text.as_bytes()).unwrap(), m);
}

#[test]
fn reply_with_segments_acks_and_properties() {
    let text = "!/3 <mg.example.net>:2944\nP=8989/1000/&{C=80{PR=15,EGO,TP{a,b,OW,OWB},CT{tdmc/gain=[2:10],nt/jit#5},SC=root{SV{AD=55555,PF=resgw/1}}}}K{9-13,15}SM=8102/7";
    let m = parse(text.as_bytes()).unwrap().mess;
    assert_eq!(
        m.mid,
        Mid::DomainName {
            name: "mg.example.net".into(),
            port: Some(2944)
        }
    );
    let MessageBody::Transactions(ts) = m.body else {
        panic!("not transactions");
    };
    let Transaction::Reply(r) = &ts[0] else {
        panic!("not a reply");
    };
    assert_eq!(
        (r.transaction_id, r.segment_number, r.segmentation_complete),
        (8989, Some(1000), true)
    );
    let TransactionResult::ActionReplies(a) = &r.result else {
        panic!("not action replies");
    };
    let ctx = a[0].context_reply.as_ref().unwrap();
    assert_eq!(ctx.priority, Some(15));
    assert_eq!(ctx.emergency, Some(false));
    assert_eq!(
        ctx.topology_req[0].topology_direction,
        TopologyDirection::Oneway
    );
    assert_eq!(
        ctx.topology_req[0].topology_direction_extension,
        Some(TopologyDirectionExtension::OnewayBoth)
    );
    assert_eq!(ctx.context_prop[0].value, ["2", "10"]);
    assert_eq!(ctx.context_prop[0].extra_info, ExtraInfo::Range);
    assert_eq!(
        ctx.context_prop[1].extra_info,
        ExtraInfo::Relation(Relation::UnequalTo)
    );
    assert_eq!(
        ts[1],
        Transaction::ResponseAck(vec![
            TransactionAck {
                first_ack: 9,
                last_ack: Some(13)
            },
            TransactionAck {
                first_ack: 15,
                last_ack: None
            },
        ])
    );
    assert_eq!(
        ts[2],
        Transaction::SegmentReply(SegmentReply {
            transaction_id: 8102,
            segment_number: 7,
            segmentation_complete: false
        })
    );
}

#[test]
fn observed_event_time_stamp_and_sdp_lines() {
    let text = "!/1 [1.2.3.4]\nT=1{C=2{N=t1{OE=3{19990729T22000000:al/of{ST=4,x=\"a b\"}}},A=t2{M{L{\r\nv=0\r\n  \r\nc=IN IP4 $ \r\n}}}}}";
    let m = parse(text.as_bytes()).unwrap().mess;
    let MessageBody::Transactions(ts) = m.body else {
        panic!()
    };
    let Transaction::Request(r) = &ts[0] else {
        panic!()
    };
    let Command::Notify(n) = &r.actions[0].command_requests[0].command else {
        panic!()
    };
    let e = &n.observed_events.observed_event_lst[0];
    assert_eq!(
        e.time_notation,
        Some(TimeNotation {
            date: "19990729".into(),
            time: "22000000".into()
        })
    );
    assert_eq!((e.event_name.as_str(), e.stream_id), ("al/of", Some(4)));
    assert_eq!(e.event_par_list[0].value, ["a b"]);
    let Command::Add(a) = &r.actions[0].command_requests[1].command else {
        panic!()
    };
    let AmmDescriptor::Media(MediaDescriptor {
        streams: Some(Streams::OneStream(s)),
        ..
    }) = &a.descriptors[0]
    else {
        panic!()
    };
    assert_eq!(
        s.local.as_deref(),
        Some(&["v=0".to_string(), "c=IN IP4 $ ".to_string()][..])
    );
}

/// The error for `text`, as the user sees it.
fn error(text: &str) -> String {
    parse(text.as_bytes()).unwrap_err().to_string()
}

#[test]
fn errors_name_line_column_and_what_was_found() {
    assert_eq!(
        error(""),
        "line 1, column 1 (byte 0): expected a name or value, found the end of the input"
    );
    assert_eq!(
        error("HTTP/1.1 200 OK"),
        "line 1, column 1 (byte 0): expected `MEGACO/<version>` or `!/<version>`, found `HTTP/1.1`"
    );
    assert_eq!(
        error(
            "MEGACO/1 [1.2.3.4]\nTransaction = 1 {\n\tContext = - {\n\t\tFrobnicate = root\n\t}\n}"
        ),
        "line 4, column 3 (byte 54): expected a command or context property, found `Frobnicate`"
    );
    assert_eq!(
        error("MEGACO/1 [1.2.3.4]\nTransaction = 99999999999 { }"),
        "line 2, column 15 (byte 33): expected an unsigned number in range, found `99999999999`"
    );
    assert_eq!(
        error("MEGACO/1 [1.2.3.400]\nT=1{C=-{N=x{OE=1{a/b}}}}"),
        "line 1, column 11 (byte 10): expected an IPv4 address, found `1.2.3.400]`"
    );
    assert_eq!(
        error("!/1 [1.2.3.4]\nT=1{C=-{A=x{M{L{v=0"),
        "line 2, column 17 (byte 30): unterminated SDP: no `}`, found `v=0`"
    );
    assert_eq!(
        error("!/1 [1.2.3.4]\nT=1{C=-{A=x}} trailing"),
        "line 2, column 15 (byte 28): expected `Transaction`, `Reply`, `Pending`, `TransactionResponseAck` or `Segment`, found `trailing`"
    );
}

#[test]
fn erlang_term_loader_undoes_escapes_and_reports_offsets() {
    let term = br#"{pretty, [{m1,<<"a\n\tb\"c\\d\101\x41\x{42}">>}, {m2, <<"">>}]}."#;
    let msgs = parse_term(term).unwrap();
    assert_eq!(msgs.len(), 2);
    assert_eq!(msgs[0].name, "m1");
    assert_eq!(msgs[0].text, b"a\n\tb\"c\\dAAB");
    assert_eq!(msgs[1].text, b"");
    assert_eq!(
        parse_term(b"{pretty, [{m1,<<\"abc"),
        Err((20, "unterminated string"))
    );
    assert_eq!(
        parse_term(b"{ugly, []}."),
        Err((1, "expected the atom `pretty`"))
    );
    assert_eq!(
        parse_term(b"{pretty, []}. x"),
        Err((14, "unexpected text after the term"))
    );
}

#[test]
fn a_missing_data_dir_falls_back_to_erlangs_copy_or_says_where_it_looked() {
    use encbench_megaco::data::{locate, DataError};
    let absent = DataError::Absent {
        tried: vec![
            "/nonexistent-data/megaco/time_test.msgs".into(),
            "/usr/lib/erlang/lib/megaco-*/examples/meas/time_test.msgs".into(),
        ],
    };
    assert_eq!(
        absent.to_string(),
        "the megaco messages (time_test.msgs) are absent; looked in \
         /nonexistent-data/megaco/time_test.msgs, \
         /usr/lib/erlang/lib/megaco-*/examples/meas/time_test.msgs"
    );
    match locate(Some(std::path::Path::new("/nonexistent-data"))) {
        Ok(p) => assert!(p.starts_with("/usr/lib/erlang/lib/"), "{}", p.display()),
        Err(e @ DataError::Absent { .. }) => assert_eq!(e.to_string(), absent.to_string()),
        Err(e) => panic!("{e}"),
    }
}
