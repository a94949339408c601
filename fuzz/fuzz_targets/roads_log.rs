//! The roads of a log: any bytes read as a shoe log by `read_shoes` (the `roads` command),
//! as a `roads` field by its parser (checked against the roads of its own bead plate), and
//! as a log verified with `--roads`; never a panic, and a finished report when the reading
//! ends.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::lang::Lang;
use punto_banco::oracle::verify::Verifier;
use punto_banco::render::oracle::write_verification_following;
use punto_banco::render::{Format, Page};
use punto_banco::roads::Roads;
use punto_banco::roads::follow::RoadsFollower;
use punto_banco::roads::log::read_shoes;
use punto_banco::roads::stated::StatedRoads;
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;

fuzz_target!(|data: &[u8]| {
    let rules = Rules::reference();
    let shoe = Shoe::decks(1).unwrap();
    let mut coups = 0;
    let _ = read_shoes::<std::convert::Infallible>(data, &rules, &shoe, 4096, &mut |read| {
        coups += read.roads.bead_plate().len();
        Ok(())
    });
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(stated) = StatedRoads::parse(text)
    {
        let _ = stated.disagreements(&Roads::default());
    }
    let mut out = Vec::new();
    let result = write_verification_following(
        data,
        &mut out,
        Verifier::new(&rules),
        &rules,
        &Page::new(Format::Json, Lang::En),
        4096,
        &mut RoadsFollower::new(),
    );
    if result.is_ok() {
        serde_json::from_slice::<serde_json::Value>(&out).expect("a finished JSON report");
    }
});
