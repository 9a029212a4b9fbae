#!/usr/bin/env bash
# Type-checks the Apple layer (Apps/iOS) on Linux, where there is no iOS SDK: the Apple frameworks
# it imports are replaced by the stand-ins in Apps/iOS/LinuxStandIns (Apple's documented
# signatures of the small surface the app uses, each beside its documentation page), and the
# engine modules are the ones `swift build --build-tests` put in .build/debug/Modules. Each target
# of Apps/iOS/project.yml (the app, the widget extension) is type-checked on its own, with the
# Swift files project.yml gives it, as Xcode would compile them.
#
# The stand-ins are compiled into a scratch directory here and nowhere else: they are never
# package targets, since a target named SwiftUI (or ActivityKit, ...) would shadow Apple's
# framework on a Mac. RestTimer is compiled again from its sources against the stand-ins, as on
# iOS: its UserNotifications and UIKit adapters (behind `#if canImport(...)`, so absent from the
# Linux build) are what the app installs.
#
# On a Mac this does nothing: build Apps/iOS with Xcode there (Apps/iOS/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname)" = Darwin ]; then
  echo "typecheck-ios: skipped on macOS (build Apps/iOS with Xcode; Apps/iOS/README.md)"
  exit 0
fi

swift=${SWIFT:-swift}
swiftc="$(dirname "$(command -v "$swift")")/swiftc"
engine=.build/debug/Modules
if [ ! -d "$engine" ]; then
  echo "typecheck-ios: no $engine; run \`swift build --build-tests\` first" >&2
  exit 2
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/frameworks" "$scratch/ios-engine"

# The stand-ins, each a module, in dependency order. AppleFoundation holds what Apple's Foundation
# has and Linux's lacks; every check imports it implicitly, as `import Foundation` would on iOS.
# ActivityKit is built in the Swift 5 language mode, as Apple's is (its types carry no concurrency
# annotations); the others in Swift 6.
standins=(AppleFoundation AppIntents SwiftUI ActivityKit WidgetKit UserNotifications UIKit)
for module in "${standins[@]}"; do
  mode=6
  [ "$module" = ActivityKit ] && mode=5
  "$swiftc" -emit-module -parse-as-library -swift-version $mode -module-name "$module" \
    -I "$scratch/frameworks" -o "$scratch/frameworks/$module.swiftmodule" \
    "Apps/iOS/LinuxStandIns/$module/$module.swift"
done

# RestTimer as iOS compiles it (with UserNotificationCenter and DeviceHaptics); found before the
# Linux one in .build, while the other engine modules are used as built.
"$swiftc" -emit-module -parse-as-library -swift-version 6 -module-name RestTimer \
  -I "$scratch/frameworks" -I "$engine" -o "$scratch/ios-engine/RestTimer.swiftmodule" \
  Sources/RestTimer/*.swift

# Each target's Swift files, as project.yml lists them (a folder stands for the files under it).
target_sources() {
  python3 - "$1" <<'PYTHON'
import os, sys, yaml
project_dir = "Apps/iOS"
with open(os.path.join(project_dir, "project.yml")) as f:
    target = yaml.safe_load(f)["targets"][sys.argv[1]]
files = []
for source in target.get("sources", []):
    path = os.path.join(project_dir, source["path"] if isinstance(source, dict) else source)
    if os.path.isdir(path):
        for directory, _, names in os.walk(path):
            files += [os.path.join(directory, n) for n in names if n.endswith(".swift")]
    elif path.endswith(".swift"):
        files.append(path)
print("\n".join(sorted(files)))
PYTHON
}

status=0
for target in Perform PerformWidgets; do
  mapfile -t files < <(target_sources "$target")
  if "$swiftc" -typecheck -swift-version 6 \
    -I "$scratch/ios-engine" -I "$scratch/frameworks" -I "$engine" \
    -Xfrontend -import-module -Xfrontend AppleFoundation "${files[@]}"; then
    echo "typecheck-ios: $target (${#files[@]} files) type-checks against the stand-ins"
  else
    echo "typecheck-ios: $target does not type-check (Apps/iOS/README.md, \"Checked on Linux\")" >&2
    status=1
  fi
done
exit $status
