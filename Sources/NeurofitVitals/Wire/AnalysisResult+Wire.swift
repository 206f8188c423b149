import PpgCore
import StrictJSON

extension AnalysisResult {
    /// The JSON object `nfv_analyze` returns (camelCase result keys, snake_case diagnostics): every metric of
    /// `ResultMetric.all` (absent when withheld), the breathing confidence, quality, flags and the engine's figures.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "durationSeconds": .number(durationSeconds), "confidence": .number(confidence),
            "quality": .int(quality.rawValue), "flags": .array(flags.map { .string($0) }),
            "diagnostics": diagnostics.json, "engineVersion": .string(EngineVersion.string),
        ]
        for metric in ResultMetric.all {
            if let value = metric.value(self) { members[metric.key] = .number(value) }
        }
        if let breathingRateConfidence { members["breathingRateConfidence"] = .string(breathingRateConfidence.rawValue) }
        return .object(members)
    }

    /// The JSON text with sorted keys, byte-stable for equal results.
    public var jsonText: String { json.serialized() }
}

extension AnalysisDiagnostics {
    /// The snake_case JSON object of the engine's diagnostics; optionals are absent when nil.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "engine": .string("neurofit_vitals"), "engine_version": .string(EngineVersion.string),
            "hr_source": .string(hrSource.rawValue), "refine_mode": .string(refineMode),
            "effective_fps": .int(effectiveFps),
            "channel": .string(channel.rawValue), "signal_quality": .int(signalQuality),
            "quality_passed_fraction": .number(qualityPassedFraction), "discard_ratio": .number(discardRatio),
            "saturation_frac": .number(saturationFrac), "measured_fps": .number(measuredFps),
            "frame_interval_cv": .number(frameIntervalCv), "frame_gap_count": .int(frameGapCount),
            "amplitude": .number(amplitude), "perfusion_index": .number(perfusionIndex),
            "spectral_concentration": .number(spectralConcentration), "snr_db": .number(snrDb),
            "skewness": .number(skewness), "template_correlation": .number(templateCorrelation),
            "red_dc_mean": .number(redDcMean), "motion_samples": .int(motionSamples),
            "gate_enabled": .bool(gateEnabled), "gate_merged_fix_enabled": .bool(gateMergedFixEnabled),
            "beats": .array(beats.map(\.json)),
        ]
        let optionalNumbers: [(String, Double?)] = [
            ("spectral_hr_bpm", spectralHeartRateBpm), ("rr_motion_brpm", rrMotionBrpm),
            ("rr_motion_conc", rrMotionConc), ("breathing_confidence_score", breathingConfidenceScore),
            ("gate_discard_raw", gateDiscardRaw), ("gate_max_jump", gateMaxJump), ("gate_hf_share", gateHfShare),
            ("gate_compress", gateCompress), ("gate_r_ps", gateRPs), ("est_rmssd_parabolic", estRmssdParabolic),
            ("est_rmssd_fixed", estRmssdFixed), ("pnn50", pnn50), ("sd1_ms", sd1Ms), ("sd2_ms", sd2Ms),
            ("mean_nn_ms", meanNnMs), ("analysed_segment_start_s", analysedSegmentStart),
            ("analysed_segment_end_s", analysedSegmentEnd), ("analysed_cut_start_s", analysedCutStart),
            ("analysed_cut_end_s", analysedCutEnd), ("reading_start_s", readingStart),
        ]
        for (key, value) in optionalNumbers { if let value { members[key] = .number(value) } }
        if !candidateRatesBpm.isEmpty { members["candidate_rates_bpm"] = .array(candidateRatesBpm.map { .number($0) }) }
        let optionalInts: [(String, Int?)] = [("gate_n_pairs", gateNPairs), ("gate_n_merged", gateNMerged),
                                              ("displaced_peak_beats", displacedPeakBeats),
                                              ("weak_pulse_beats", weakPulseBeats)]
        for (key, value) in optionalInts { if let value { members[key] = .int(value) } }
        let optionalBools: [(String, Bool?)] = [("gate_rejected", gateRejected), ("gate_veto", gateVeto),
                                               ("est_gm_applied", estGmApplied)]
        for (key, value) in optionalBools { if let value { members[key] = .bool(value) } }
        return .object(members)
    }
}

extension BeatRecord {
    /// JSON object: `time_s`, `interval_ms` (absent for a first beat), `label`, `accepted`.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["time_s": .number(time), "label": .string(label),
                                            "accepted": .bool(accepted)]
        if let intervalMs { members["interval_ms"] = .number(intervalMs) }
        return .object(members)
    }
}

extension AnalysisError {
    /// The stable error code hosts see.
    public var code: String {
        switch self {
        case .noHeartRate: ErrorCode.noHeartRate.rawValue
        }
    }

    /// The error as the library reports it to hosts.
    public var vitalsError: VitalsError {
        switch self {
        case .noHeartRate: VitalsError(.noHeartRate, message)
        }
    }

    /// `{"error":{"code":…,"message":…,"retryable":…}}`, as every error object.
    public var json: JSONValue { vitalsError.analysisFailureJSON }
}

extension VitalsError {
    /// The error as `nfv analyze` reports a failure: `{"error":{…}}` around the error object every API gives.
    public var analysisFailureJSON: JSONValue { .object(["error": jsonValue]) }
}
