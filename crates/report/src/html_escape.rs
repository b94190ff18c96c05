//! Text made safe inside HTML, shared by every HTML view (its own module so
//! the views that `html` assembles need not import `html` back).

pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
