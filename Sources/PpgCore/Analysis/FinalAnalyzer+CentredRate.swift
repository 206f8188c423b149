/// The centring check of a spectral heart rate. A pulse whose second wave is about as tall as its systolic one and
/// follows it by about half a period all but cancels its own fundamental: its power goes to twice the rate (above
/// the band `HarmonicRate` searches when the heart beats faster than about 105 bpm), and the little left at the rate
/// is spread by the rate's own variation (breathing) into side peaks as strong as the fundamental, a breathing rate
/// (10–25 bpm) to either side. The spectrum may then take a side peak for the rate, and the beat train confirms it:
/// its intervals sit within `BeatTrainAgreement.intervalTolerance` (20 %) of any period that near. A train that
/// runs at the rate itself centres its intervals on the period; one that runs at a neighbouring rate puts them all
/// to one side. Before a spectral rate is answered, the intervals of the train fitted to it are tested for that.
extension FinalAnalyzer {
    /// Largest distance, as a share of the period, between the median of the intervals near a spectral rate's
    /// period (within `BeatTrainAgreement.intervalTolerance`) and the period, when most intervals lie there. A
    /// train at the rate leaves at most 0.05 (saturated weak pulses and tall second waves, `nfv-bench honesty`,
    /// `honesty-windows` and `tall-waves`); a side peak a breathing rate off the heart's leaves 0.12 at 100–120 bpm.
    public static let offCentreTolerance = 0.08

    /// The rate the beat train fitted to a spectral rate's period (`train`, the one that confirmed the rate) runs
    /// at instead of it: 60 s over the median of its intervals near the period, when those are at least
    /// `BeatTrainAgreement.minimumShare` of its intervals and their median lies more than `offCentreTolerance` of
    /// the period from it; nil otherwise (a train mostly elsewhere does not vouch for the rate, and the spectrum's
    /// own confirmation stands).
    func offCentreRival(of train: FittedBeatTrain) -> Double? {
        let period = train.periodSeconds
        guard train.share >= BeatTrainAgreement.minimumShare, let median = Statistics.median(train.nearIntervals),
              abs(median - period) > Self.offCentreTolerance * period else { return nil }
        return 60 / median
    }
}
