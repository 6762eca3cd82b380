#include "io/LammpsExport.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <limits>
#include <numbers>
#include <optional>
#include <set>

#include "contact/ContactLaw.h"
#include "io/IoError.h"
#include "io/LammpsBonds.h"
#include "io/LammpsBox.h"
#include "io/LammpsModel.h"
#include "io/NumberFormat.h"
#include "io/TextFile.h"
#include "scene/SceneError.h"

namespace tumble {

namespace {

std::string vec(const Vec3& v)
{
    return formatNumber(v.x()) + " " + formatNumber(v.y()) + " " + formatNumber(v.z());
}

// what the exporter needs of the scene, worked out once
struct Layout;
Vec3 bodyPosition(const World& w, const Layout& l, std::size_t b);
Vec3 bodyVelocity(const World& w, const Layout& l, std::size_t b);

struct Layout {
    std::size_t materials = 0;
    bool clumps = false;
    std::vector<char> materialUsed; // by bodies
    std::vector<std::size_t> held;  // held sphere bodies
    double meanMemberRadius = 0.0;  // m
    double largestClumpReach = 0.0; // m: twice the largest clump bounding radius
    int atoms = 0;
    std::vector<std::vector<std::size_t>> members; // (bodies) each body's members
    std::vector<int> firstAtom;                    // (bodies) its first atom's id: atoms follow the scene's body order
    std::optional<LammpsBox> box;                  // the periodic cell's box, when the scene has one
    std::vector<Vec3> shift;                       // (bodies, with a cell) H n that wraps the body into the box, m
    std::vector<Vec3> shiftVelocity;  // (bodies, with a cell) its image's velocity less its own, L H n, m/s
    std::optional<LammpsBonds> bonds; // the bonds' types and coefficients, when the scene has bonds
    int type(const World& w, std::size_t b) const
    {
        return w.material[b] + 1 + (w.type[b] == BodyType::Clump ? static_cast<int>(materials) : 0);
    }
};

// whether the cell's medium moves (L ever non-zero): damping and kinetic energy are then taken
// relative to it
bool mediumMoves(const Layout& l)
{
    if (!l.box)
        return false;
    for (const std::string& v : l.box->mediumVelocity)
        if (v != "0")
            return true;
    return false;
}

// body b's centre and velocity as written: at its image in the box in a periodic cell
Vec3 bodyPosition(const World& w, const Layout& l, std::size_t b)
{
    return l.shift.empty() ? w.position[b] : Vec3(w.position[b] - l.shift[b]);
}
Vec3 bodyVelocity(const World& w, const Layout& l, std::size_t b)
{
    return l.shiftVelocity.empty() ? w.velocity[b] : Vec3(w.velocity[b] - l.shiftVelocity[b]);
}

Layout layoutOf(const Scene& scene)
{
    const World& w = scene.world;
    Layout l;
    l.materials = w.materials.size();
    l.materialUsed.assign(l.materials, 0);
    double radii = 0.0;
    for (std::size_t b = 0; b < w.size(); ++b) {
        l.materialUsed[static_cast<std::size_t>(w.material[b])] = 1;
        const bool clump = w.type[b] == BodyType::Clump;
        l.clumps = l.clumps || clump;
        if (clump)
            l.largestClumpReach = std::max(l.largestClumpReach, 2.0 * w.radius[b]);
        if (w.hasHeldBodies() && w.motion[b] != BodyMotion::Free) {
            if (clump)
                throw SceneError(scene.source, "/bodies/" + std::to_string(w.bodyId(b)) + "/motion",
                                 "a fixed or driven clump cannot be exported to LAMMPS yet (spheres can)");
            l.held.push_back(b);
        }
    }
    for (double r : w.memberRadius)
        radii += r;
    l.atoms = static_cast<int>(w.memberCount());
    l.members.resize(w.size());
    for (std::size_t m = 0; m < w.memberCount(); ++m)
        l.members[static_cast<std::size_t>(w.memberBody[m])].push_back(m);
    l.firstAtom.resize(w.size());
    int id = 1;
    for (std::size_t b = 0; b < w.size(); ++b) {
        l.firstAtom[b] = id;
        id += static_cast<int>(l.members[b].size());
    }
    l.meanMemberRadius = w.memberCount() > 0 ? radii / static_cast<double>(w.memberCount()) : 0.0;
    if (w.cell) {
        // a body outside the box is written at its image inside it, with the image's velocity
        // (Tumble's own wrap: x - H n, v - L H n), not left to read_data, which would wrap it
        // without the velocity shift
        l.box = lammpsBox(*w.cell, scene.source);
        for (std::size_t b = 0; b < w.size(); ++b) {
            l.shift.push_back(lammpsWrap(*l.box, w.position[b]));
            l.shiftVelocity.push_back(l.box->gradient * l.shift.back());
        }
    }
    if (!w.bonds.empty())
        l.bonds = lammpsBonds(w);
    return l;
}

// the members of body b in world coordinates, as the loader placed them (in a periodic cell, at
// the body's image in the box)
Vec3 memberPosition(const World& w, const Layout& l, std::size_t b, std::size_t m)
{
    return bodyPosition(w, l, b) + w.orientation[b] * w.memberOffset[m];
}

std::string dataFile(const Scene& scene, const Layout& l)
{
    const World& w = scene.world;
    const auto& members = l.members;
    Vec3 lo = Vec3::Constant(std::numeric_limits<double>::max());
    Vec3 hi = -lo;
    std::string atoms, velocities, molecules;
    std::vector<Vec3> xs;
    std::vector<double> rs;
    int id = 0;
    for (std::size_t b = 0; b < w.size(); ++b) {
        // clump members share their body's mass: densities scaled so the atoms' masses sum to it
        double volume = 0.0;
        for (std::size_t m : members[b])
            volume += 4.0 / 3.0 * std::numbers::pi * std::pow(w.memberRadius[m], 3);
        const double density = w.type[b] == BodyType::Clump
                                   ? w.mass[b] / volume
                                   : w.materials[static_cast<std::size_t>(w.material[b])].density;
        for (std::size_t m : members[b]) {
            ++id;
            const Vec3 x = memberPosition(w, l, b, m);
            const double r = w.memberRadius[m];
            lo = lo.cwiseMin(x - Vec3::Constant(r));
            hi = hi.cwiseMax(x + Vec3::Constant(r));
            xs.push_back(x);
            rs.push_back(r);
            // a member's velocity is its body's at its centre
            const Vec3 v = bodyVelocity(w, l, b) + w.angularVelocity[b].cross(x - bodyPosition(w, l, b));
            // atom_style bpm/sphere has the molecule id in its Atoms line, sphere a section of its own
            atoms += std::to_string(id) + " " + (l.bonds ? std::to_string(w.bodyId(b) + 1) + " " : std::string()) +
                     std::to_string(l.type(w, b)) + " " + formatNumber(2.0 * r) + " " + formatNumber(density) + " " +
                     vec(x) + "\n";
            velocities += std::to_string(id) + " " + vec(v) + " " + vec(w.angularVelocity[b]) + "\n";
            molecules += std::to_string(id) + " " + std::to_string(w.bodyId(b) + 1) + "\n";
        }
    }
    // a box around the atoms with room to spare; boundary m m m lets it grow with them
    const double pad = std::max(0.5 * (hi - lo).maxCoeff(), 4.0 * l.meanMemberRadius);
    lo -= Vec3::Constant(pad);
    hi += Vec3::Constant(pad);
    std::string out = "LAMMPS data file: Tumble scene \"" + scene.name + "\" (" + scene.source +
                      "), written by tumble-cli export-lammps\n\n";
    out += std::to_string(l.atoms) + " atoms\n";
    if (l.bonds)
        out += std::to_string(w.bonds.size()) + " bonds\n";
    out += std::to_string(l.materials * (l.clumps ? 2 : 1)) + " atom types\n";
    if (l.bonds)
        out += std::to_string(l.bonds->coefficients.size()) + " bond types\n";
    out += "\n";
    if (l.box) {
        // the cell's sides along its periodic axes; the atoms' padded extent along the others
        LammpsBox box = *l.box;
        fitOpenAxes(box, xs, rs, pad);
        for (int k = 0; k < 3; ++k) {
            const std::string axis(1, static_cast<char>('x' + k));
            out += formatNumber(box.lo[k]) + " " + formatNumber(box.lo[k] + box.h(k, k)) + " " + axis + "lo " + axis +
                   "hi\n";
        }
        if (box.triclinic)
            out += formatNumber(box.h(0, 1)) + " " + formatNumber(box.h(0, 2)) + " " + formatNumber(box.h(1, 2)) +
                   " xy xz yz\n";
        out += "\n";
    } else {
        out += formatNumber(lo.x()) + " " + formatNumber(hi.x()) + " xlo xhi\n";
        out += formatNumber(lo.y()) + " " + formatNumber(hi.y()) + " ylo yhi\n";
        out += formatNumber(lo.z()) + " " + formatNumber(hi.z()) + " zlo zhi\n\n";
    }
    if (!l.bonds) {
        out += "Atoms # sphere\n\n" + atoms + "\nVelocities\n\n" + velocities + "\nMolecules\n\n" + molecules;
        return out;
    }
    // bonds join spheres, one atom each: atom id = the body's first atom
    std::string bonds;
    for (std::size_t k = 0; k < w.bonds.size(); ++k)
        bonds += std::to_string(k + 1) + " " + std::to_string(l.bonds->type[k]) + " " +
                 std::to_string(l.firstAtom[static_cast<std::size_t>(w.bonds.bodies[k][0])]) + " " +
                 std::to_string(l.firstAtom[static_cast<std::size_t>(w.bonds.bodies[k][1])]) + "\n";
    out += "Atoms # bpm/sphere\n\n" + atoms + "\nVelocities\n\n" + velocities + "\nBonds\n\n" + bonds;
    return out;
}

std::string rigidFile(const Scene& scene, const Layout& l)
{
    const World& w = scene.world;
    std::string rows;
    int count = 0;
    for (std::size_t b = 0; b < w.size(); ++b) {
        if (w.type[b] != BodyType::Clump)
            continue;
        ++count;
        // the inertia tensor about the centre of mass in the world frame: R diag(J) R^T
        const Mat3 r = w.orientation[b].toRotationMatrix();
        const Mat3 i = r * w.inertia[b].asDiagonal() * r.transpose();
        // rigid/small's set-up sums its atoms' forces but leaves its gravity keyword out, so the
        // first half kick would miss g dt/2 and the clump fall half a step late: given here, every
        // step from the first is Tumble's (docs/LAMMPS.md, "Clumps under gravity")
        const Vec3 v = bodyVelocity(w, l, b) + 0.5 * scene.params.dt * w.gravity;
        rows += std::to_string(w.bodyId(b) + 1) + " " + formatNumber(w.mass[b]) + " " + vec(bodyPosition(w, l, b)) +
                " " + formatNumber(i(0, 0)) + " " + formatNumber(i(1, 1)) + " " + formatNumber(i(2, 2)) + " " +
                formatNumber(i(0, 1)) + " " + formatNumber(i(0, 2)) + " " + formatNumber(i(1, 2)) + " " + vec(v) + " " +
                vec(w.angularMomentum[b]) + " 0 0 0\n";
    }
    return "# fix rigid/small infile: Tumble's clumps, mass properties of the union of their spheres\n"
           "# (overlaps counted once); per body: molecule id, mass (kg), centre of mass (m), inertia\n"
           "# ixx iyy izz ixy ixz iyz about it in the world frame (kg m^2), velocity (m/s; plus g dt/2,\n"
           "# the half kick of gravity that rigid/small's set-up leaves out), angular momentum (kg m^2/s),\n"
           "# image flags\n" +
           std::to_string(count) + "\n" + rows;
}

std::string typesOf(const Layout& l, std::size_t material)
{
    std::string s = std::to_string(material + 1);
    if (l.clumps)
        s += " " + std::to_string(material + 1 + l.materials);
    return s;
}

// an axis-aligned wall as wall/gran's xplane/yplane/zplane words, else empty
std::string planeWords(const Wall& wall)
{
    for (int a = 0; a < 3; ++a) {
        const double n = wall.normal[a];
        if (std::abs(std::abs(n) - 1.0) > 0.0)
            continue;
        const std::string axis = std::string(1, static_cast<char>('x' + a)) + "plane ";
        const std::string at = formatNumber(wall.point[a]);
        return axis + (n > 0.0 ? at + " NULL" : "NULL " + at);
    }
    return {};
}

struct Deck {
    std::string text;
    std::vector<std::string> notes;
};

Deck inputDeck(const Scene& scene, const Layout& l, long long steps, long long dumpEvery, long long thermoEvery)
{
    const World& w = scene.world;
    const SimParams& p = scene.params;
    Deck d;
    std::set<std::string> seen; // notes once each
    auto note = [&](const std::string& n) {
        if (seen.insert(n).second)
            d.notes.push_back(n);
    };
    std::string& s = d.text;
    s += "# Tumble scene \"" + scene.name + "\" (" + scene.source +
         ") as a LAMMPS run, written by tumble-cli "
         "export-lammps.\n# LAMMPS 29Sep2021 or later with the GRANULAR and RIGID packages; README.md says what "
         "maps and how.\n\n";
    s += "variable steps equal " + std::to_string(steps) + "\n";
    s += "variable dump_every equal " + std::to_string(dumpEvery) + "\n";
    s += "variable thermo_every equal " + std::to_string(thermoEvery) + "\n\n";
    s += std::string("units si\natom_style ") + (l.bonds ? "bpm/sphere" : "sphere") +
         "\natom_modify map array\ndimension 3\nboundary " + (l.box ? l.box->boundary : "m m m") + "\nnewton off\n";
    const double skin = p.skinFraction * l.meanMemberRadius;
    // ghosts reach a clump's far members (rigid/small's requirement)
    s += "comm_modify vel yes" + (l.clumps ? " cutoff " + formatNumber(l.largestClumpReach + skin) : std::string()) +
         "\n";
    if (l.bonds) {
        // bpm/rotational: no pair force between bonded atoms (its doc's restriction); bpm/sphere
        // carries the molecule ids itself
        s += "special_bonds lj 0 1 1 coul 1 1 1\n";
        s += "read_data tumble.data\n\n";
    } else {
        s += "fix prop all property/atom mol ghost yes\n";
        s += "read_data tumble.data fix prop NULL Molecules\n\n";
    }

    // groups: clump members by type, held spheres by atom id (a sphere's atom id is its index
    // among the atoms, which follow the scene's body order)
    if (l.clumps) {
        std::string types;
        for (std::size_t m = 0; m < l.materials; ++m)
            types += " " + std::to_string(m + 1 + l.materials);
        s += "group clumps type" + types + "\n";
        s += "group spheres subtract all clumps\n";
    } else {
        s += "group spheres union all\n";
    }
    if (!l.held.empty()) {
        std::string ids;
        for (std::size_t b : l.held)
            ids += " " + std::to_string(l.firstAtom[b]);
        s += "group held id" + ids + "\n";
        s += "group mobile subtract spheres held\n";
    } else {
        s += "group mobile union spheres\n";
    }

    // contact laws: Tumble's mixed law for every type pair
    s += "\npair_style granular\n";
    const ContactTable table(w.materials);
    const std::size_t types = l.materials * (l.clumps ? 2 : 1);
    const double meanR = l.meanMemberRadius;
    for (std::size_t i = 0; i < types; ++i) {
        for (std::size_t j = i; j < types; ++j) {
            const int a = static_cast<int>(i % l.materials);
            const int b = static_cast<int>(j % l.materials);
            const LammpsGranularModel m = lammpsGranularModel(table.law(a, b), false, 0.5 * meanR, 0.01 * meanR);
            s += "pair_coeff " + std::to_string(i + 1) + " " + std::to_string(j + 1) + " " + m.text + "\n";
            if (l.materialUsed[static_cast<std::size_t>(a)] && l.materialUsed[static_cast<std::size_t>(b)])
                for (const std::string& n : m.notes)
                    note(n);
        }
    }
    if (l.bonds) {
        // smooth no: Tumble's bonds hold their full load until they break
        s += "\nbond_style bpm/rotational smooth no\n";
        for (std::size_t t = 0; t < l.bonds->coefficients.size(); ++t) {
            s += "bond_coeff " + std::to_string(t + 1);
            for (double c : l.bonds->coefficients[t])
                s += " " + formatNumber(c);
            s += "\n";
        }
        for (const std::string& n : l.bonds->notes)
            note(n);
    }
    s += "\ntimestep " + formatNumber(p.dt) + "\n";
    s += "neighbor " + formatNumber(skin) + " bin\n";
    s += std::string("neigh_modify delay 0 every 1 check yes") + (l.clumps ? " exclude molecule/intra clumps" : "") +
         "\n\n";
    if (l.box && !l.box->input.empty()) {
        s += "# the periodic cell: L(t) (1/s), its strain (-), the box's closed forms (m) and their rates\n" +
             l.box->input + "\n";
    }
    if (l.box) {
        for (const std::string& n : l.box->notes)
            note(n);
        if (l.clumps && l.box->deforms)
            note("clumps in a deforming cell: rigid/small sets its atoms' velocities from the body's, so a clump "
                 "crossing a sheared face keeps its velocity where Tumble gives it its image's, v - L H n");
        const Mat3& h = l.box->h;
        for (int k = 0; k < 3; ++k)
            if (l.box->periodic[k] && std::abs(w.gravity.dot(h.col(k))) > 0.0)
                note("potential_gravity in the thermo log: LAMMPS wraps atoms into the box along the periodic sides, "
                     "Tumble keeps bodies within a quarter cell of it, so with gravity along a periodic side the two "
                     "differ by m g . H n");
    }

    // gravity and walls before the integrators: rigid/small sums its atoms' forces in its set-up
    const double g = w.gravity.norm();
    if (g > 0.0) {
        const Vec3 dir = w.gravity / g;
        s += "fix gravity spheres gravity " + formatNumber(g) + " vector " + vec(dir) + "\n";
        s += "fix_modify gravity energy yes\n";
        if (l.clumps) {
            // on each clump's own mass at its centre of mass, not on its atoms (they overlap)
            s += "fix clump_gravity clumps gravity " + formatNumber(g) + " vector " + vec(dir) + " disable\n";
        }
    }
    for (std::size_t k = 0; k < w.walls.size(); ++k) {
        const Wall& wall = w.walls[k];
        const std::string plane = planeWords(wall);
        if (plane.empty())
            s += "region wall" + std::to_string(k) + " plane " + vec(wall.point) + " " + vec(wall.normal) +
                 " side in units box\n";
        for (std::size_t m = 0; m < l.materials; ++m) {
            if (!l.materialUsed[m])
                continue;
            // a wall contact's R* is the sphere's radius: Hertz rolling taken at a mean sphere
            const LammpsGranularModel model =
                lammpsGranularModel(table.law(static_cast<int>(m), wall.material), true, meanR, 0.01 * meanR);
            for (const std::string& n : model.notes)
                note(n);
            std::string group = "all";
            if (std::count(l.materialUsed.begin(), l.materialUsed.end(), 1) > 1) {
                group = "material" + std::to_string(m + 1);
                s += "group " + group + " type " + typesOf(l, m) + "\n";
            }
            const std::string id = "wall" + std::to_string(k) + "_" + std::to_string(m + 1);
            if (plane.empty())
                s += "fix " + id + " " + group + " wall/gran/region granular " + model.text + " region wall" +
                     std::to_string(k) + "\n";
            else
                s += "fix " + id + " " + group + " wall/gran granular " + model.text + " " + plane + "\n";
        }
    }

    // viscous damping -beta m v on every atom (fix viscous's gamma is one per type, not per mass)
    if (p.viscousDamping > 0.0) {
        s += "\nvariable beta equal " + formatNumber(p.viscousDamping) + "\n";
        if (mediumMoves(l)) {
            // on the motion relative to the medium, as Tumble damps it in a deforming cell
            for (int k = 0; k < 3; ++k) {
                const std::string axis(1, static_cast<char>('x' + k));
                s += "variable viscous_" + axis + " atom -v_beta*mass*(v" + axis + "-(" + l.box->mediumVelocity[k] +
                     "))\n";
            }
        } else {
            s += "variable viscous_x atom -v_beta*mass*vx\nvariable viscous_y atom -v_beta*mass*vy\n"
                 "variable viscous_z atom -v_beta*mass*vz\n";
        }
        s += "fix viscous all addforce v_viscous_x v_viscous_y v_viscous_z\n";
        note("viscous damping: the force -beta m v is exported (fix addforce); the torque -beta I w is not (LAMMPS "
             "29Sep2021 has no per-atom torque damping; fix viscous/sphere came later)" +
             std::string(l.clumps ? ", and on a clump the force acts on its atoms, whose moments about its centre "
                                    "damp its spin only approximately"
                                  : ""));
    }
    if (p.localDamping > 0.0)
        note("local (Cundall) damping " + formatSignificant(p.localDamping, 4) +
             " is not exported: LAMMPS 29Sep2021 has none (fix damping/cundall came in 2022 and acts on atoms, not "
             "on clumps)");

    // integrators
    // nve/bpm/sphere also turns the atoms' orientations, which bpm/rotational reads
    s += std::string("\nfix integrate mobile ") + (l.bonds ? "nve/bpm/sphere" : "nve/sphere") + "\n";
    if (l.clumps)
        s += "fix rb clumps rigid/small molecule infile clumps.rigid" +
             std::string(g > 0.0 ? " gravity clump_gravity" : "") + "\n";
    // driven spheres move at their velocity (their spin stays as given: nothing integrates it)
    for (std::size_t b : l.held) {
        if (w.motion[b] != BodyMotion::Driven)
            continue;
        const std::string id = std::to_string(l.firstAtom[b]);
        s += "group driven" + id + " id " + id + "\n";
        s += "fix drive" + id + " driven" + id + " move linear " + vec(bodyVelocity(w, l, b)) + "\n";
        if (l.bonds && w.angularVelocity[b].squaredNorm() > 0.0)
            note("a driven sphere's spin: fix move does not turn its orientation, so its bonds do not feel it (Tumble "
                 "turns a driven sphere at its angular velocity)");
    }
    if (p.translation != "velocity_verlet")
        note("integration: LAMMPS integrates spheres by velocity Verlet (nve/sphere), this scene by " + p.translation);
    if (l.clumps)
        note("clumps: LAMMPS turns rigid bodies by its own scheme (rigid/small, Richardson's iteration), this scene "
             "by " +
             p.rotation + "; they differ at O(dt^2)");

    // energies, as Tumble's energy CSV names them
    const bool medium = mediumMoves(l);
    if (medium) {
        // Tumble's energy CSV counts the motion relative to the medium in a deforming cell
        s += "\nvariable fluctuation_ke atom 0.5*mass*((vx-(" + l.box->mediumVelocity[0] + "))^2+(vy-(" +
             l.box->mediumVelocity[1] + "))^2+(vz-(" + l.box->mediumVelocity[2] + "))^2)\n";
        s += "compute ke_spheres spheres reduce sum v_fluctuation_ke\ncompute rot_spheres spheres erotate/sphere\n";
        if (l.clumps)
            note("kinetic_translational in the thermo log: the clumps' share is their lab kinetic energy, Tumble's "
                 "counts their motion relative to the medium");
    } else {
        s += "\ncompute ke_spheres spheres ke\ncompute rot_spheres spheres erotate/sphere\n";
    }
    std::string ket = "c_ke_spheres";
    std::string ker = "c_rot_spheres";
    if (l.clumps) {
        s += "compute ke_clumps clumps ke/rigid rb\ncompute rot_clumps clumps erotate/rigid rb\n";
        ket += "+c_ke_clumps";
        ker += "+c_rot_clumps";
    }
    s += "variable kinetic_translational equal " + ket + "\n";
    s += "variable kinetic_rotational equal " + ker + "\n";
    s += "variable height atom -mass*(" + formatNumber(w.gravity.x()) + "*x+" + formatNumber(w.gravity.y()) + "*y+" +
         formatNumber(w.gravity.z()) + "*z)\n";
    s += "compute potential_gravity all reduce sum v_height\n";
    s += "variable potential_gravity equal c_potential_gravity\n";
    s += "thermo_style custom step time v_kinetic_translational v_kinetic_rotational v_potential_gravity\n";
    s += "thermo_modify norm no format float %.17g\n";
    s += "thermo ${thermo_every}\n\n";
    if (l.clumps)
        note("potential_gravity in the thermo log sums the clumps' atoms, whose masses add up to the clump's but "
             "whose centre is the clump's only when its spheres overlap symmetrically");

    // dumps at full precision (write_dump's default is 6 digits)
    s += "dump atoms all custom ${dump_every} dump.atoms id mol type radius x y z vx vy vz omegax omegay omegaz fx "
         "fy fz\n";
    s += "dump_modify atoms sort id time yes format float %.17g\n";
    if (l.clumps) {
        s += "compute bodies clumps rigid/local rb id mol mass x y z vx vy vz quatw quati quatj quatk omegax omegay "
             "omegaz inertiax inertiay inertiaz\n";
        s += "dump bodies clumps local ${dump_every} dump.bodies c_bodies[*]\n";
        s += "dump_modify bodies format float %.17g\n";
    }
    s += "\nrun ${steps}\n";
    return d;
}

std::string jobScript(const Scene& scene, int procs)
{
    std::string name = "tumble-";
    for (char c : scene.name)
        if (std::isalnum(static_cast<unsigned char>(c)))
            name += c;
        else if (name.back() != '-')
            name += '-';
    return "#!/bin/bash\n"
           "# Slurm job for the LAMMPS run of Tumble scene \"" +
           scene.name +
           "\" (tumble-cli export-lammps).\n"
           "# Submit with: sbatch job.slurm   (or run here: mpirun -np " +
           std::to_string(procs) +
           " lmp -in tumble.in)\n"
           "#SBATCH --job-name=" +
           name.substr(0, 40) +
           "\n"
           "#SBATCH --ntasks=" +
           std::to_string(procs) +
           "\n"
           "#SBATCH --time=24:00:00\n"
           "#SBATCH --output=slurm-%j.out\n\n"
           "# module load lammps   # the site's module, if it has one\n"
           "cd \"${SLURM_SUBMIT_DIR:-.}\"\n"
           "mpirun -np " +
           std::to_string(procs) + " lmp -in tumble.in -log log.lammps\n";
}

std::string readme(const Scene& scene, const Layout& l, const LammpsExportResult& r, int procs)
{
    const SimParams& p = scene.params;
    std::string s = "# Tumble scene \"" + scene.name + "\" for LAMMPS\n\n";
    s += "Written by `tumble-cli export-lammps` from `" + scene.source + "`: " + std::to_string(scene.world.size()) +
         " bodies, " + std::to_string(l.atoms) + " atoms, " + std::to_string(r.steps) + " steps of " +
         formatNumber(p.dt) + " s.\n\n";
    s += "Run it here with `mpirun -np " + std::to_string(procs) +
         " lmp -in tumble.in` (as root add `--allow-run-as-root`), or on a cluster with `sbatch job.slurm`. It "
         "needs LAMMPS 29Sep2021 or later with the GRANULAR and RIGID packages (Debian 12's `lammps`)" +
         std::string(l.bonds ? "; its bonds need the BPM package as well, in LAMMPS 4May2022 or later (first stable "
                               "release 23Jun2022), which Debian 12's `lammps` lacks"
                             : "") +
         ". Edit `steps`, `dump_every` and `thermo_every` at the top of `tumble.in`.\n\n";
    s += "## Files\n\n";
    if (l.bonds)
        s += "- `tumble.data`: the atoms (`atom_style bpm/sphere`: id, molecule id = the Tumble body's id + 1, type, "
             "diameter, density, position), their velocities and angular velocities, and the bonds (id, type, the "
             "two atoms).\n";
    else
        s +=
            "- `tumble.data`: the atoms (`atom_style sphere`: id, type, diameter, density, position), their velocities "
            "and angular velocities, and their molecule ids: every atom's is its Tumble body's id + 1.\n";
    s += "- `tumble.in`: the input. Atom type = material index + 1";
    if (l.clumps)
        s += ", plus " + std::to_string(l.materials) + " for a clump's spheres";
    s += ".\n";
    if (l.clumps)
        s += "- `clumps.rigid`: the clumps' mass, centre of mass, inertia tensor, velocity and angular momentum, "
             "from Tumble's integration over the union of their spheres (overlaps counted once); `fix rigid/small "
             "... infile` reads it, where LAMMPS would otherwise sum overlapping spheres.\n";
    s += "- `job.slurm`: the Slurm job, `mpirun -np " + std::to_string(procs) + " lmp -in tumble.in`.\n\n";
    s += "The run writes `dump.atoms` (id mol type radius x y z vx vy vz omegax omegay omegaz fx fy fz, 17 "
         "digits)";
    if (l.clumps)
        s += ", `dump.bodies` (each clump's id, molecule, mass, centre, velocity, quaternion, angular velocity and "
             "principal moments)";
    s += " and its energies in `log.lammps` (step, time, kinetic_translational, kinetic_rotational, "
         "potential_gravity, in J, as Tumble's energy CSV names them).\n\n";
    s += "## How Tumble's model maps\n\n"
         "| Tumble | LAMMPS |\n|---|---|\n"
         "| linear spring kn, restitution e | `hooke kn e_in damping tsuji`, e_in solved so that Tsuji's polynomial "
         "P(e_in) = 2 zeta(e): the dashpot 2 zeta sqrt(m* kn) exactly, for every pair (LAMMPS 29Sep2021's tsuji does "
         "not return the e it is given) |\n"
         "| linear tangential spring kt, friction mu | `tangential linear_history kt 0 mu` (no tangential dashpot, "
         "as in Tumble) |\n"
         "| Hertz-Mindlin E, nu, e | `hertz/material E' e_in nu' damping tsuji`, E' giving Tumble's E* (pairs: E* = "
         "E' / (2 (1 - nu'^2)); walls: E' / (2 (1 - nu')), the wall's rule in this LAMMPS), P(e_in) = alpha(e) |\n"
         "| Mindlin stiffness 8 G* sqrt(R* d), Tsuji's tangential dashpot | `tangential mindlin 8G* xgammat mu`, "
         "xgammat = 2 sqrt(G*/E*) (a wall's default stiffness would be 0.55 E) |\n"
         "| rolling resistance mu_r | `rolling sds k 0 mu_r`, k = 2.25 kn mu_r^2 (exact for the linear law) |\n"
         "| mixed materials | one `pair_coeff I J` per type pair with Tumble's mixed law |\n"
         "| plane walls | `fix wall/gran granular` (`xplane`, `yplane`, `zplane`, or a `region plane`), one per wall "
         "and body material |\n"
         "| gravity | `fix gravity` (clumps: on their own mass, `rigid/small ... gravity`; their initial velocity in "
         "`clumps.rigid` is Tumble's plus g dt/2, the half kick rigid/small's set-up leaves out (29Sep2021 to the "
         "current source), so the dump's first frame shows it and every later step is Tumble's; a LAMMPS whose "
         "set-up included it would put the clumps half a step early) |\n"
         "| viscous damping beta | `fix addforce` of -beta m v per atom |\n"
         "| velocity Verlet | `fix nve/sphere`; clumps `fix rigid/small` |\n"
         "| fixed / driven spheres | not integrated / `fix move linear` |\n"
         "| neighbour skin | `neighbor` 0.3 x the mean sphere radius, rebuilt when needed |\n";
    if (l.box)
        s += "| periodic cell (side vectors H, periodic axes) | `boundary` p along the periodic axes, m along the "
             "others "
             "(the atoms' extent, walls as above); the box is H (a along x, b in the xy plane: `xy xz yz` tilts), "
             "reduced by LAMMPS's flip rule (the same lattice of images); a body outside it is written at its image "
             "inside, x - H n, with its image's velocity v - L H n |\n"
             "| velocity gradient L (constant or piecewise linear in time) | `variable` closed forms of the box, "
             "H(t) = exp(A(t)) (I + S(t)) H0 with A, S the integrals of L's diagonal and upper part, and `fix deform "
             "... variable ... remap v flip yes`: an atom crossing a face takes v - L H n (Lees-Edwards), the box "
             "flips past half a period as Tumble's cell; viscous damping and the log's kinetic_translational act "
             "on the motion relative to the medium, v - L x, as Tumble's |\n";
    if (l.bonds)
        s +=
            "| Wang bonds kn, ks, kt, kb | `bond_style bpm/rotational smooth no`, `bond_coeff` k_r = kn, k_s = ks, k_t "
            "= kt, k_b = kb (N/m, N m/rad), damping 0; one bond type per distinct law; `atom_style bpm/sphere`, "
            "`special_bonds lj 0 1 1 coul 1 1 1` (no contact while bonded, as Tumble), `fix nve/bpm/sphere` |\n"
            "| bond strengths | F_rc = tension, F_sc = shear, T_tc = twist, T_bc = bend (N, N m): LAMMPS's linear "
            "sum, Tumble's `linear_sum` |\n";
    s += "\n";
    s += "## What LAMMPS will not run as Tumble does\n\n";
    if (r.notes.empty())
        s += "Nothing: every part of this scene maps exactly.\n";
    for (const std::string& n : r.notes)
        s += "- " + n + "\n";
    s += "\nTumble's other integrators (symplectic Euler, Woo's leapfrog, RK4) and its rotation schemes have no "
         "LAMMPS counterpart; a sphere's orientation is not integrated by LAMMPS at all (it does not change its "
         "motion).\n";
    return s;
}

} // namespace

LammpsExportResult exportLammps(const Scene& scene, const std::string& dir, const LammpsExportOptions& options)
{
    const Layout l = layoutOf(scene);
    LammpsExportResult r;
    r.atoms = l.atoms;
    r.steps = options.steps > 0 ? options.steps : std::max(1LL, std::llround(1.0 / scene.params.dt));
    const long long dumpEvery = options.dumpEvery > 0 ? options.dumpEvery : std::max(1LL, r.steps / 100);
    const long long thermoEvery = options.thermoEvery > 0 ? options.thermoEvery : std::max(1LL, r.steps / 1000);
    Deck deck = inputDeck(scene, l, r.steps, dumpEvery, thermoEvery);
    r.notes = std::move(deck.notes);

    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        throw IoError(dir, "cannot create the directory", ec.value());
    const std::filesystem::path base(dir);
    auto write = [&](const std::string& name, const std::string& text) {
        writeFileAtomically((base / name).string(), text);
        r.files.push_back(name);
    };
    write("tumble.data", dataFile(scene, l));
    if (l.clumps)
        write("clumps.rigid", rigidFile(scene, l));
    write("tumble.in", deck.text);
    write("job.slurm", jobScript(scene, options.procs));
    write("README.md", readme(scene, l, r, options.procs));
    return r;
}

} // namespace tumble
