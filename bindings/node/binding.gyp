# For node-gyp users (node-gyp rebuild): the same addon build-addon makes with plain gcc. Needs libNeurofitVitals
# installed where pkg-config finds it (PKG_CONFIG_PATH=PREFIX/lib/pkgconfig for a scripts/install prefix).
{
  "targets": [
    {
      "target_name": "neurofit_vitals",
      "sources": ["src/addon.c", "src/arguments.c", "src/delivery.c", "src/session.c"],
      "cflags": ["-std=c11", "-Wall", "-Wextra", "-D_DEFAULT_SOURCE",
                 "<!@(pkg-config --cflags neurofit-vitals)"],
      "libraries": ["<!@(pkg-config --libs neurofit-vitals)",
                    "-Wl,-rpath,<!(pkg-config --variable=libdir neurofit-vitals)", "-lpthread"]
    }
  ]
}
