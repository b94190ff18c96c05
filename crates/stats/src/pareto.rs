//! The Pareto frontier of (size, time) points: the ones no other point
//! beats on both.

/// Points not beaten on both size and time by another point, smallest size first.
pub fn pareto_frontier(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut sorted: Vec<(f64, f64)> = points.to_vec();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let mut frontier: Vec<(f64, f64)> = Vec::new();
    for p in sorted {
        if frontier.last().is_none_or(|last| p.1 < last.1) {
            frontier.push(p);
        }
    }
    frontier
}
