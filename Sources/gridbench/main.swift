// gridbench: in-process figures for GridKit. Times are wall-clock on this machine; compare
// runs made together, and read the ratios more than the absolute numbers.
//   gridbench [numbers] [contacts] [photos] [diffable] [graphics] [photokeys] [paste]   the tables (all by default)
//   gridbench walk                               only the photo library's folder walk (part of photos)
//   gridbench write-contacts FILE N              a generated address book, for ptybench
//   gridbench write-jpegs N                      a folder of 1920×1080 JPEGs; prints its path
//   gridbench write-library F N                  F folders of N 800×600 JPEGs (hard links to 40 distinct ones); prints its path
//   gridbench write-vdir DIR N                   N vCard files of one card each (as vdirsyncer keeps them)
//   gridbench load-contacts FILE                 load and sort an address book five times: times, peak memory
import Demos
import Foundation
import GridKit

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "write-contacts", let n = Int(arguments[3]) {
    let text = SampleAddressBook.vcardText(count: n, realistic: true)
    guard FileManager.default.createFile(atPath: arguments[2], contents: Data(text.utf8)) else {
        FileHandle.standardError.write(Data("gridbench: cannot write \(arguments[2])\n".utf8))
        exit(1)
    }
    exit(0)
}
if arguments.count == 4, arguments[1] == "write-vdir", let n = Int(arguments[3]) {
    let dir = arguments[2]
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let cards = SampleAddressBook.vcardText(count: n, realistic: true).components(separatedBy: "END:VCARD\r\n").filter {
        !$0.isEmpty
    }
    for (i, card) in cards.enumerated() {
        let path = dir + "/\(String(format: "%06d", i)).vcf"
        guard FileManager.default.createFile(atPath: path, contents: Data((card + "END:VCARD\r\n").utf8)) else {
            FileHandle.standardError.write(Data("gridbench: cannot write \(path)\n".utf8))
            exit(1)
        }
    }
    exit(0)
}
if arguments.count == 3, arguments[1] == "load-contacts" {
    for _ in 0..<5 {
        let t0 = now()
        let loaded = ContactSources.load(paths: [RawPath(arguments[2])])
        let t1 = now()
        _ = ContactDirectory(store: loaded.store)
        print("load \(ms(t1 - t0)) sort \(ms(now() - t1)) cards \(loaded.store.count) peak \(peakMemoryKB() / 1024) MB")
    }
    exit(0)
}
if arguments.count == 4, arguments[1] == "write-library", let folders = Int(arguments[2]), let per = Int(arguments[3]) {
    print(photoLibrary(folders: folders, perFolder: per))
    exit(0)
}
if arguments.count == 3, arguments[1] == "write-jpegs" {
    print(jpegFolder(width: 1920, height: 1080, count: Int(arguments[2]) ?? 200))
    exit(0)
}

let chosen = Set(arguments.dropFirst())
print(
    "gridbench — \(benchSize.width)×\(benchSize.height) canvas, release build, times in ms (this machine, 2 cores, shared)"
)
if chosen.isEmpty || chosen.contains("numbers") { print(""); benchNumbers() }
if chosen.isEmpty || chosen.contains("contacts") { print(""); benchContacts() }
if chosen.isEmpty || chosen.contains("photos") { print(""); benchPhotos() }
if chosen.contains("walk") && !chosen.contains("photos") { print(""); benchWalk() }
if chosen.isEmpty || chosen.contains("diffable") { print(""); benchDiffable(); benchLoadingMore() }
if chosen.isEmpty || chosen.contains("graphics") { print(""); benchGraphics() }
if chosen.isEmpty || chosen.contains("photokeys") { print(""); benchPhotoKeys() }
if chosen.isEmpty || chosen.contains("paste") { print(""); benchPaste() }
print("")
print("peak memory (VmHWM): \(peakMemoryKB() / 1024) MB")
