// Tumble's bonds in LAMMPS's bond_style bpm/rotational words (io/LammpsBonds.h, written by
// io/LammpsExport): the data file's Bonds section holds every bond of the scene between the right
// atoms, one bond type per distinct law, and each bond_coeff is the closed-form map of the scene's
// stiffnesses and strengths (a beam's kn = E pi r^2 / L0 ... included) to 1e-12; what does not
// coincide is noted. Debian 12's LAMMPS lacks the BPM package, so these runs are not checked
// against LAMMPS (app.ExportLammps checks that lmp stops only at the missing style).
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <set>
#include <sstream>

#include "IoTestFiles.h"
#include "io/LammpsBonds.h"
#include "io/LammpsExport.h"
#include "scene/SceneLoader.h"

using namespace tumble;
using tumble::test::readText;

namespace {

std::vector<std::string> split(const std::string& line)
{
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

// the lines of section `name` in a LAMMPS data file (after its blank line, up to the next blank)
std::vector<std::vector<std::string>> section(const std::string& data, const std::string& name)
{
    std::istringstream in(data);
    std::vector<std::vector<std::string>> rows;
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(name, 0) == 0)
            break;
    std::getline(in, line); // the blank line after the title
    while (std::getline(in, line) && !line.empty())
        rows.push_back(split(line));
    return rows;
}

// the words of the input's lines that start with `command`
std::vector<std::vector<std::string>> commands(const std::string& input, const std::string& command)
{
    std::istringstream in(input);
    std::vector<std::vector<std::string>> out;
    for (std::string line; std::getline(in, line);)
        if (line.rfind(command + " ", 0) == 0)
            out.push_back(split(line));
    return out;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-12 * std::abs(b);
}

// four steel spheres in a row (the last smaller) and one beside: bonds of three laws, one of
// them twice
const char* const kScene = R"({"format": "tumble-scene", "version": 1, "name": "bonded",
  "gravity": [0, 0, -9.81],
  "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": 1e-6},
  "materials": [{"name": "steel", "density": 7800,
     "contact": {"model": "linear", "kn": 1e6, "kt": 2e5, "restitution": 0.5, "friction": 0.3}}],
  "bodies": [
    {"type": "sphere", "material": "steel", "radius": 0.01, "position": [0, 0, 0.1]},
    {"type": "sphere", "material": "steel", "radius": 0.01, "position": [0.02, 0, 0.1]},
    {"type": "sphere", "material": "steel", "radius": 0.01, "position": [0.04, 0, 0.1], "velocity": [0, 0.1, 0]},
    {"type": "sphere", "material": "steel", "radius": 0.008, "position": [0.058, 0, 0.1]},
    {"type": "sphere", "material": "steel", "radius": 0.01, "position": [0.02, 0.021, 0.1]}],
  "bonds": [
    {"bodies": [0, 1], "kn": 1e5, "ks": 4e4, "kt": 4, "kb": 6},
    {"bodies": [1, 2], "kn": 1e5, "ks": 4e4, "kt": 4, "kb": 6,
     "strength": {"criterion": "linear_sum", "tension": 100, "shear": 50, "twist": 1, "bend": 2}},
    {"bodies": [2, 3], "beam": {"young": 2e11, "shear_modulus": 8e10, "radius": 0.002}},
    {"bodies": [4, 1], "kn": 1e5, "ks": 4e4, "kt": 4, "kb": 6}]})";

} // namespace

class TestLammpsBonds : public QObject {
    Q_OBJECT
private slots:
    void coefficientsAreTumblesLaw()
    {
        BondStiffness k{1e5, 4e4, 4, 6};
        BondStrength s;
        s.criterion = BondCriterion::LinearSum;
        s.tension = 100;
        s.shear = 50;
        s.twist = 1;
        s.bend = 2;
        const std::array<double, 12> c = bpmRotationalCoefficients(k, s);
        const std::array<double, 12> expected{1e5, 4e4, 4, 6, 100, 50, 1, 2, 0, 0, 0, 0};
        QVERIFY(c == expected); // twist's strength before bend's: the source's order
        // left out: tension at a stretch of 1 m, the others past any load
        const std::array<double, 12> open = bpmRotationalCoefficients(k, BondStrength{});
        QCOMPARE(open[4], 1e5 * kLammpsNoTensionStretch);
        QCOMPARE(open[5], kLammpsNoStrength);
        QCOMPARE(open[6], kLammpsNoStrength);
        QCOMPARE(open[7], kLammpsNoStrength);
    }

    void exportWritesEveryBondWithItsLaw()
    {
        const Scene scene = loadSceneText(kScene, "bonded.json");
        QCOMPARE(scene.world.bonds.size(), std::size_t{4});
        QTemporaryDir dir;
        const LammpsExportResult r = exportLammps(scene, dir.path().toStdString());
        const std::string data = readText(dir.filePath("tumble.data").toStdString());
        const std::string input = readText(dir.filePath("tumble.in").toStdString());

        // header and sections: bpm/sphere atoms (id mol type diameter density x y z), no Molecules
        QVERIFY(data.find("\n4 bonds\n") != std::string::npos);
        QVERIFY(data.find("\n3 bond types\n") != std::string::npos);
        QVERIFY(data.find("Molecules") == std::string::npos);
        const auto atoms = section(data, "Atoms # bpm/sphere");
        QCOMPARE(atoms.size(), std::size_t{5});
        for (std::size_t a = 0; a < atoms.size(); ++a) {
            QCOMPARE(atoms[a].size(), std::size_t{8});
            QCOMPARE(std::stoi(atoms[a][0]), static_cast<int>(a) + 1);
            QCOMPARE(std::stoi(atoms[a][1]), static_cast<int>(a) + 1); // the body's id + 1
            QCOMPARE(std::stod(atoms[a][3]), 2.0 * scene.world.radius[a]);
        }
        QCOMPARE(section(data, "Velocities").size(), std::size_t{5});

        // Bonds: every scene bond between its bodies' atoms, a type per distinct law
        const auto bonds = section(data, "Bonds");
        QCOMPARE(bonds.size(), scene.world.bonds.size());
        std::set<std::pair<int, int>> pairs;
        std::map<std::pair<int, int>, int> typeOf;
        for (const auto& b : bonds) {
            QCOMPARE(b.size(), std::size_t{4});
            const int a1 = std::stoi(b[2]), a2 = std::stoi(b[3]);
            pairs.insert({std::min(a1, a2), std::max(a1, a2)});
            typeOf[{std::min(a1, a2), std::max(a1, a2)}] = std::stoi(b[1]);
        }
        const std::set<std::pair<int, int>> expected{{1, 2}, {2, 3}, {3, 4}, {2, 5}};
        QVERIFY(pairs == expected);
        const int plain = typeOf[{1, 2}], strong = typeOf[{2, 3}], beam = typeOf[{3, 4}];
        QCOMPARE(typeOf[std::make_pair(2, 5)], plain);
        QVERIFY(plain != strong && strong != beam && beam != plain);

        // bond_coeff: the closed-form map, a beam's stiffnesses from E, G, r and L0
        const double pi = std::numbers::pi, rb = 0.002, l0 = 0.018, e = 2e11, g = 8e10;
        std::map<int, std::array<double, 12>> closed;
        closed[plain] = {1e5, 4e4, 4, 6, 1e5, 1e300, 1e300, 1e300, 0, 0, 0, 0};
        closed[strong] = {1e5, 4e4, 4, 6, 100, 50, 1, 2, 0, 0, 0, 0};
        const double kn = e * pi * rb * rb / l0;
        closed[beam] = {kn,
                        g * pi * rb * rb / l0,
                        g * pi * std::pow(rb, 4) / 2 / l0,
                        e * pi * std::pow(rb, 4) / 4 / l0,
                        kn,
                        1e300,
                        1e300,
                        1e300,
                        0,
                        0,
                        0,
                        0};
        const auto coeffs = commands(input, "bond_coeff");
        QCOMPARE(coeffs.size(), std::size_t{3});
        for (const auto& c : coeffs) {
            QCOMPARE(c.size(), std::size_t{14});
            const std::array<double, 12>& want = closed.at(std::stoi(c[1]));
            for (std::size_t k = 0; k < 12; ++k)
                QVERIFY2(want[k] == 0.0 ? std::stod(c[k + 2]) == 0.0 : near(std::stod(c[k + 2]), want[k]),
                         qPrintable(QString("type %1 coefficient %2: %3, closed form %4")
                                        .arg(c[1].c_str())
                                        .arg(k)
                                        .arg(c[k + 2].c_str())
                                        .arg(want[k], 0, 'g', 17)));
        }

        // what bpm/rotational needs, and the notes on what does not coincide
        QCOMPARE(commands(input, "atom_style").at(0).at(1), std::string("bpm/sphere"));
        QVERIFY(input.find("\nspecial_bonds lj 0 1 1 coul 1 1 1\n") != std::string::npos);
        QVERIFY(input.find("\nnewton off\n") != std::string::npos);
        QVERIFY(input.find("\nbond_style bpm/rotational smooth no\n") != std::string::npos);
        QVERIFY(input.find("\nfix integrate mobile nve/bpm/sphere\n") != std::string::npos);
        QVERIFY(input.find("property/atom") == std::string::npos);
        auto noted = [&](const std::string& what) {
            return std::any_of(r.notes.begin(), r.notes.end(),
                               [&](const std::string& n) { return n.find(what) != std::string::npos; });
        };
        QVERIFY(noted("BPM package"));
        QVERIFY(noted("23Jun2022"));
        QVERIFY(noted("shear"));
        QVERIFY(noted("unequal"));
        QVERIFY(noted("twist"));
        QVERIFY(noted("tension strength left out"));
        QVERIFY(!noted("independent"));
        const std::string readme = readText(dir.filePath("README.md").toStdString());
        QVERIFY(readme.find("bpm/rotational") != std::string::npos);
        QVERIFY(readme.find("BPM package") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestLammpsBonds)
#include "TestLammpsBonds.moc"
