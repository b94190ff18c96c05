use super::checksum::{self, Kind};
use super::queries::{self, Literal, Op, Query, TARGET_SELECTIVITY};
use super::{check, plan_queries, Options};
use encbench_table::schema::{ColumnType, Field, Schema};
use encbench_table::table::{Cell, Table};
use encbench_workers::engines::Answer;

/// 1,000 rows: a sorted id, a carrier of 50 values (one of them on 1 % of
/// the rows), an unsorted float, a date, and text with nulls.
fn flights() -> Table {
    let schema = Schema {
        fields: vec![
            Field::new("id", ColumnType::Int64, false),
            Field::new("carrier", ColumnType::Dictionary, false),
            Field::new("delay", ColumnType::Float64, true),
            Field::new("day", ColumnType::Date, false),
            Field::new("note", ColumnType::String, true),
        ],
    };
    let mut t = Table::new(schema, 1000);
    for i in 0..1000i64 {
        let carrier = format!("C{}", (i * 7919) % 50);
        let note = format!("n{}", i % 13);
        t.push_row(&[
            Cell::Int(i),
            Cell::Str(&carrier),
            if i % 17 == 0 {
                Cell::Null
            } else {
                Cell::Float(((i * 37) % 101) as f64 - 50.5)
            },
            Cell::Int(15_706 + i / 40),
            if i % 5 == 0 {
                Cell::Null
            } else {
                Cell::Str(&note)
            },
        ])
        .unwrap();
    }
    t
}

#[test]
fn the_picked_filter_keeps_within_a_factor_of_two_of_one_percent() {
    let t = flights();
    let f = queries::pick_filter(&t).expect("a filter");
    let share = Query::Filter(f.clone()).selectivity(&t).unwrap();
    assert!(
        (TARGET_SELECTIVITY / 2.0..=TARGET_SELECTIVITY * 2.0).contains(&share),
        "{f:?} keeps {share}"
    );
    // The sorted column comes first: a range its zone maps can prune.
    assert_eq!((f.column, f.op), (0, Op::Le), "{f:?}");
    assert!(f.why.contains("sorted"), "{}", f.why);
}

#[test]
fn without_a_sorted_column_a_value_near_one_percent_is_picked() {
    let mut t = flights();
    t.columns.remove(0);
    t.schema.fields.remove(0);
    // Days are sorted too; drop them so the carrier's values are looked at.
    t.columns.remove(2);
    t.schema.fields.remove(2);
    let f = queries::pick_filter(&t).expect("a filter");
    let share = Query::Filter(f.clone()).selectivity(&t).unwrap();
    assert!((0.005..=0.02).contains(&share), "{f:?} keeps {share}");
}

#[test]
fn take_returns_the_seeded_positions_every_time() {
    let a = queries::take_positions(1000, 100, 7);
    assert_eq!(a, queries::take_positions(1000, 100, 7));
    assert_ne!(a, queries::take_positions(1000, 100, 8));
    assert_eq!(a.len(), 100);
    assert!(a.windows(2).all(|w| w[0] < w[1]), "distinct and ascending");
    assert!(a.iter().all(|&i| i < 1000));
    assert_eq!(queries::take_positions(5, 100, 7), vec![0, 1, 2, 3, 4]);
    // The answer expected is those rows' checksum.
    let t = flights();
    let q = Query::Take(a.clone());
    let want = q.expected(&t);
    assert_eq!(want.rows, 100);
    let ids: u64 = a
        .iter()
        .fold(0u64, |s, &i| s.wrapping_add(checksum::splitmix64(i as u64)));
    assert_eq!(want.columns[0].1.hash, ids);
}

#[test]
fn where_is_read_as_the_columns_type_and_bad_ones_name_the_problem() {
    let t = flights();
    let f = queries::parse_where("day >= 2013-01-20", &t).unwrap();
    assert_eq!((f.column, f.op), (3, Op::Ge));
    assert_eq!(f.value, Literal::Int(15_725));
    let f = queries::parse_where("carrier == 'C3'", &t).unwrap();
    assert_eq!(f.value, Literal::Text("C3".into()));
    let kept = Query::Filter(f).rows(&t).unwrap();
    assert_eq!(kept.len(), 20);
    let e = queries::parse_where("nope > 3", &t).unwrap_err();
    assert!(
        e.contains("no column \"nope\"") && e.contains("id, carrier"),
        "{e}"
    );
    let e = queries::parse_where("delay < fast", &t).unwrap_err();
    assert!(e.contains("\"fast\" is not a number"), "{e}");
    let e = queries::parse_where("delay", &t).unwrap_err();
    assert!(e.contains("no comparison"), "{e}");
    let e = plan_queries(
        &t,
        &Options {
            columns: Some(vec!["id".into(), "gone".into()]),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert!(e.contains("--columns: no column \"gone\""), "{e}");
}

#[test]
fn nulls_never_match_and_nan_counts_as_missing() {
    let t = flights();
    let f = queries::parse_where("delay != 1000", &t).unwrap();
    let kept = Query::Filter(f).rows(&t).unwrap();
    assert_eq!(kept.len(), 1000 - 59, "the 59 null delays are never kept");
    let sum = checksum::column_sum(&t.columns[2], Kind::Float, None);
    assert_eq!(sum.nulls, 59);
}

fn answer_for(q: &Query, t: &Table) -> Answer {
    let want = q.expected(t);
    Answer {
        rows: want.rows as u64,
        columns: Some(t.columns.len() as u64),
        checksum: want
            .columns
            .iter()
            .map(|(n, s)| (n.clone(), s.nulls, s.hash))
            .collect(),
        how: "test".into(),
        bytes: None,
        library: None,
        settings: None,
        file_version: None,
        note: None,
    }
}

#[test]
fn a_right_answer_is_verified_and_a_corrupted_checksum_fails_the_row() {
    let t = flights();
    for q in plan_queries(&t, &Options::default()).unwrap() {
        let want = q.expected(&t);
        let good = answer_for(&q, &t);
        let proof = check("duckdb", &q, &want, t.columns.len(), &good).unwrap();
        assert!(
            proof.what().starts_with(&format!("duckdb {}", q.name())),
            "{}",
            proof.what()
        );
        if let Query::Open = q {
            let wrong = Answer {
                columns: Some(4),
                ..good.clone()
            };
            let e = check("duckdb", &q, &want, t.columns.len(), &wrong).unwrap_err();
            assert!(e.contains("4 columns where encbench's table has 5"), "{e}");
            continue;
        }
        let mut corrupted = good.clone();
        corrupted.checksum[0].2 ^= 1;
        let e = check("polars", &q, &want, t.columns.len(), &corrupted).unwrap_err();
        assert!(e.contains("the values differ"), "{e}");
        let mut short = good.clone();
        short.rows -= 1;
        let e = check("pandas", &q, &want, t.columns.len(), &short).unwrap_err();
        assert!(e.contains("rows where encbench's table has"), "{e}");
        let mut nulls = good.clone();
        nulls.checksum[0].1 += 1;
        let e = check("pyarrow", &q, &want, t.columns.len(), &nulls).unwrap_err();
        assert!(e.contains("missing values"), "{e}");
        let mut extra = good.clone();
        extra.checksum.push(("more".into(), 0, 0));
        let e = check("pyarrow", &q, &want, t.columns.len(), &extra).unwrap_err();
        assert!(e.contains("not asked for"), "{e}");
    }
}

#[test]
fn project_defaults_to_the_two_narrowest_columns() {
    let t = flights();
    let list = plan_queries(&t, &Options::default()).unwrap();
    let names: Vec<&str> = list.iter().map(Query::name).collect();
    assert_eq!(names, ["scan", "project", "filter", "take", "open"]);
    assert_eq!(list[1], Query::Project(crate::measure::narrowest(&t, 2)));
}
