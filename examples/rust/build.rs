//! Tells cargo where libNeurofitVitals is: NFV_PREFIX (an install prefix from scripts/install), else whatever
//! `pkg-config --libs-only-L neurofit-vitals` says, else the linker's default paths. No crates.
use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=NFV_PREFIX");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    let library_dir = match env::var("NFV_PREFIX") {
        Ok(prefix) => Some(format!("{prefix}/lib")),
        Err(_) => Command::new("pkg-config")
            .args(["--variable=libdir", "neurofit-vitals"])
            .output()
            .ok()
            .filter(|output| output.status.success())
            .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string()),
    };
    if let Some(dir) = library_dir {
        println!("cargo:rustc-link-search=native={dir}");
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
