//! A few hand-written messages covering most of the grammar, for places
//! that need Megaco input without the data directory (robustness seeds,
//! fuzz corpora).

use crate::model::MegacoMessage;

/// The texts, a mix of pretty and compact.
pub const TEXTS: [&str; 5] = [
    "MEGACO/1 [124.124.124.222]\nTransaction = 9998 {\n\tContext = - {\n\t\tServiceChange = root {\n\t\t\tServices {\n\t\t\t\tMethod = Restart,\n\t\t\t\tServiceChangeAddress = 55555,\n\t\t\t\tProfile = resgw/1,\n\t\t\t\tReason = \"901 mg col boot\"\n\t\t\t}\n\t\t}\n\t}\n}",
    "!/1 [123.123.123.4]:55555\nT=9999{C=-{MF=11111111/00000000/00000000{M{ST=1{O{MO=SR,tdmc/gain=2,tdmc/ec=g165},L{\nv=0\r\nc=IN IP4 $ \r\nm=audio $ RTP/AVP 0\r\n}}},E=2222{al/of{strict=exact}},SG{cg/rt},DM=dialplan00{T:1,(0s| 00s|[1-7]xlxx|8lxxxxxxx|#xxxxxxx|*xx|9l1xxxxxxxxxx|9l011x.s)}}}}",
    "!/3 <mg.example.net>:2944\nP=8989/1000/&{C=80{PR=15,EGO,TP{a,b,OW,OWB},CT{tdmc/gain=[2:10],nt/jit#5},SC=root{SV{AD=55555,PF=resgw/1}},AV=[t1,t2]{ER=502{\"x\"},PG{nt-1},SA{rtp/ps=1200},M}}}K{9-13,15}SM=8102/7",
    "!/3 [125.125.125.111]:55555\nT=10001{C=-{CA{TP,EG,PR=10,EGV=EGO,IEPS=ON,ORLgc},MF=x{E=2223{al/on{ST=7,KA,DM=d,NBRN{EM{SG{cg/rt{ST=1,SY=BR,DR=10,NC={TO,IBE},SPADI=B,SPARQ=2,SPAIS=3}},E=7{al/of}}},RSE}}},AV=y{AT{M{ST=1{O{MO,RV,nt/jit,tdmc/gain=2}},TS{BF,SI=OS}},SG{SL=4{ct/ct}},PG{al-1}}},N=z{OE=1{19990729T22000000:al/of{ST=3,ds=1}}}}}",
    "MEGACO/2 [124.124.124.222]:55555\nReply = 9898 {\n\tError = 400 { \"Syntax error\" }\n}",
];

/// The messages the texts parse to.
pub fn messages() -> Vec<MegacoMessage> {
    TEXTS
        .iter()
        .filter_map(|t| crate::parse(t.as_bytes()).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_sample_parses() {
        for t in super::TEXTS {
            if let Err(e) = crate::parse(t.as_bytes()) {
                panic!("{e}\n{t}");
            }
        }
        assert_eq!(super::messages().len(), super::TEXTS.len());
    }
}
