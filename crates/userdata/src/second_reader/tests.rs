use super::*;
use encbench_table::load::Loaded;

fn loaded(text: &str, suffix: &str) -> Loaded {
    crate::load_tests::read(text, suffix).unwrap()
}

const CSV: &str = "\
id,price,ok,day,at,name,amount,tags
1,1.50,true,2024-02-29,2024-02-29T10:00:00.5Z,\"a, b\",12.10,\"{\"\"k\"\": [1, 2.5]}\"
-2,inf,FALSE,1970-01-01,1970-01-01 00:00:00,NA,-0.5,\"{\"\"k\"\": []}\"
3,NA,,2000-01-01,2000-01-01 00:00:01,,0,
";

#[test]
fn a_typed_csv_reads_the_same_through_the_second_reader() {
    let l = loaded(CSV, ".csv");
    let proof = check(&l.original, l.format, &l.table).unwrap();
    assert!(
        proof.what().contains("the csv crate's fields"),
        "{}",
        proof.what()
    );
    assert!(proof.what().contains("3 rows"), "{}", proof.what());
}

#[test]
fn json_lines_and_plain_lines_read_the_same_too() {
    let jsonl = "{\"a\": 1, \"b\": 2.5, \"c\": \"x\", \"d\": {\"e\": [1, null]}}\n\n{\"a\": null, \"b\": -0.0, \"c\": \"NA\", \"d\": null, \"z\": true}\n";
    let l = loaded(jsonl, ".jsonl");
    check(&l.original, l.format, &l.table).unwrap();
    let l = loaded("first line\n\n  third, with spaces  \r\nlast", ".txt");
    check(&l.original, l.format, &l.table).unwrap();
}

#[test]
fn a_table_that_changed_a_value_a_row_or_a_type_is_caught_by_name() {
    let l = loaded(CSV, ".csv");
    // A value the first reader got wrong.
    let mut wrong = l.table.clone();
    wrong.columns[1].values = match &wrong.columns[1].values {
        encbench_table::table::Values::Float(v) => {
            let mut v = v.clone();
            v[0] = 1.05;
            encbench_table::table::Values::Float(v)
        }
        other => panic!("price is {other:?}"),
    };
    let err = check(&l.original, l.format, &wrong).unwrap_err();
    assert_eq!(
        err,
        "row 1, column 'price': the second reader has 1.5, the table 1.05"
    );
    // A row lost.
    let mut short = l.table.clone();
    short.truncate_to(2);
    let err = check(&l.original, l.format, &short).unwrap_err();
    assert_eq!(err, "the second reader found 3 rows, the table holds 2");
    // Text that is not the column's type.
    let edited = CSV.replace("1.50", "1.5x");
    let err = check(edited.as_bytes(), l.format, &l.table).unwrap_err();
    assert_eq!(err, "row 1, column 'price': \"1.5x\" is not float64");
}

#[test]
fn decimals_compare_by_value_and_nested_json_without_nulls() {
    assert_eq!(decimal("+012.3400"), "12.34");
    assert_eq!(decimal("-0.000"), "0");
    assert_eq!(decimal("-.5"), "-0.5");
    assert_eq!(decimal("100"), "100");
    let a = json(&serde_json::json!({"k": [1, 2.5], "n": null, "o": {"p": null}}));
    assert_eq!(a, json(&serde_json::json!({"k": [1.0, 2.5]})));
}
