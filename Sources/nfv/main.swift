import NeurofitVitals

print("nfv \(SDKVersion.string) (engine \(SDKVersion.engine), built \(SDKVersion.buildDate))")
