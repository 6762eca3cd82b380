#pragma once
// Broad phase: a uniform cell grid builds a Verlet neighbour list with a skin distance, over the
// world's collision spheres (members: one per sphere body, several per clump).
//
// Design note. Every member is binned into cubic cells of edge >= 2 R_max + skin, so any pair
// closer than R_i + R_j + skin lies in the same or an adjacent cell. Each cell is compared with
// itself and 13 of its 26 neighbours (a half stencil), so every candidate pair is found once,
// with i < j. The list stays valid until some body has moved more than skin / 2 since the build
// (two bodies approaching each other by skin / 2 each close the skin). Wall candidates (plane
// distance < R + skin) are kept the same way. Buffers keep their capacity, so a rebuild in
// steady state does not allocate; a grid that would be much larger than the body count grows
// its cells instead, so a few far-flung bodies cannot blow up memory. Contact history (tangential
// and rolling springs) lives in flat arrays beside the candidates; both lists are sorted, so a
// rebuild hands it over with one linear merge and the force loop reads it by index, no lookup.
// Only touching contacts have history to hand over (a contact that opens empties its springs), so
// a rebuild first sets aside their keys and entries, then builds the new lists in place: no
// second copy of the lists is kept.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "contact/ContactHistory.h"
#include "contact/ContactLaw.h"
#include "contact/ContactParams.h"
#include "contact/ImageTable.h"
#include "model/World.h"
#include "parallel/ThreadPool.h"

namespace tumble {

/// A member-member candidate pair, i < j (member indices), with its contact constants.
struct PairCandidate {
    int i = 0;
    int j = 0;
    int params = 0;        ///< index into NeighbourList::contactParams()
    bool centredI = false; ///< member i sits at its body's centre (a sphere body)
    bool centredJ = false;
    bool crossesChunk = false; ///< the members' bodies lie in different body chunks (kBodyChunk)
    /// in a periodic cell, which image of member j (ImageTable): the pair is p_i and p_j + H n
    unsigned char image = kNoImage;
};

/// A member-wall candidate, with its contact constants.
struct WallCandidate {
    int member = 0;
    int wall = 0;
    int params = 0;       ///< index into NeighbourList::contactParams()
    bool centred = false; ///< the member sits at its body's centre (a sphere body)
};

class NeighbourList {
public:
    /// Builds the lists for the current positions; skin in m (> 0). With a pool, the cell
    /// search runs on its threads, in slabs of cells whose lists are joined in slab order: the
    /// lists are the same whatever the thread count.
    void build(const World& world, const ContactTable& table, double skin, ThreadPool* pool = nullptr);

    /// True when some member moved more than half the skin since the last build (or never built).
    bool needsRebuild(const World& world) const;
    /// As needsRebuild, for members [begin, end) only (a step checks them in ranges).
    bool needsRebuild(const World& world, std::size_t begin, std::size_t end) const;
    /// needsRebuild's test, for a pass that checks members as it moves them: member k moved too
    /// far when moved(k, its position). A list that needs a build anyway (never built, or built
    /// for another member count) has no reference positions.
    struct MoveCheck {
        const Vec3* reference; ///< (m) positions at the last build, m; null: needs a build anyway
        double limit;          ///< (skin / 2)^2, m^2
        bool moved(std::size_t k, const Vec3& x) const { return (x - reference[k]).squaredNorm() > limit; }
    };
    MoveCheck moveCheck(const World& world) const;

    /// The members were renumbered (old member k is now newOfOld[k]; World::permuteBodies):
    /// every candidate keeps its history under the new numbers (a pair whose i, j swap sees its
    /// springs change sign: they are i's relative to j), the lists are sorted again, and the
    /// next needsRebuild() is true. Allocates only while its buffers grow.
    void renumberMembers(const std::vector<int>& newOfOld);

    const std::vector<PairCandidate>& pairs() const { return m_pairs; }
    const std::vector<WallCandidate>& wallPairs() const { return m_wallPairs; }
    /// Contact history, one entry per pairs() / wallPairs() entry (same index). A rebuild
    /// carries every entry over to the same pair in the new lists by merging the two sorted lists.
    /// Its shear (roll) arrays are empty unless some candidate has a tangential (rolling) spring.
    ContactHistory& pairHistory() { return m_pairHistory; }
    ContactHistory& wallHistory() { return m_wallHistory; }
    const ContactHistory& pairHistory() const { return m_pairHistory; }
    const ContactHistory& wallHistory() const { return m_wallHistory; }
    /// The law bits (ContactParams::law) every pair candidate has, when all of them are pairs of
    /// members at their bodies' centres with one law (a scene of spheres of one material); -1
    /// otherwise or with no candidates.
    int uniformLaw() const { return m_uniformLaw; }
    /// Contact constants the candidates index. Members are grouped into classes of equal
    /// material, radius and body mass; with few classes (every scene of a few sizes) this is a
    /// table per class pair and per class and wall. Else a pair candidate's entry is its material
    /// pair's unit constants, to be scaled() by its pairScales() entry, and a wall candidate has
    /// an entry of its own.
    const std::vector<ContactParams>& contactParams() const { return m_params; }
    /// One scale per pairs() entry (same index) when the constants are not a class table; else empty.
    const std::vector<PairScale>& pairScales() const { return m_scales; }
    long long buildCount() const { return m_builds; }
    double skin() const { return m_skin; }

    /// In a periodic cell: where the images the candidates name are, at the state the next
    /// evaluation sees (null without a cell). updateImages sets them for a cell of side vectors
    /// h (m) under gradient (1/s) whose step began with side vectors start (m).
    const ImageTable* images() const { return m_periodic ? &m_images : nullptr; }
    void updateImages(const Mat3& h, const Mat3& gradient, const Mat3& start) { m_images.update(h, gradient, start); }

    /// Empty when the lists fit world (every index in range, every parallel array of its length),
    /// else what does not: a restored state is checked before it is used.
    std::string stateProblem(const World& world) const;

    /// Every field a continued run reads, in and out of a saved state (sim/StateArchive.h): the
    /// lists, their history and constants, and what times the next build. The cell search's
    /// buffers are scratch, refilled by the next build.
    template <class A> void archive(A& a)
    {
        a.field("classes", m_classes);
        a.field("memberClass", m_memberClass);
        a.field("classTable", m_classTable);
        a.field("params", m_params);
        a.field("scales", m_scales);
        a.field("skin", m_skin);
        a.field("builds", m_builds);
        a.field("reference", m_reference);
        a.field("pairs", m_pairs);
        a.field("wallPairs", m_wallPairs);
        a.field("pairHistory", m_pairHistory);
        a.field("wallHistory", m_wallHistory);
        a.field("uniformLaw", m_uniformLaw);
        a.field("periodic", m_periodic);
        a.field("referenceCell", m_referenceCell);
        a.field("reach", m_reach);
        a.field("wrapped", m_wrapped);
        a.field("memberShift", m_memberShift);
        a.field("images", m_images);
        a.field("shear", m_shear);
        a.field("roll", m_roll);
    }

private:
    // the cell search over the bounding box of the members, or over a periodic cell in its own
    // coordinates; each fills m_slabs and returns how many it used
    std::size_t searchBox(const World& world, double skin, ThreadPool* pool);
    std::size_t searchCell(const World& world, double skin);
    // needsRebuild in a periodic cell, whose images move as it deforms
    bool cellNeedsRebuild(const World& world, std::size_t begin, std::size_t end) const;
    // the cell search runs in kSearchSlabs slabs of cell layers, each into its own list (fixed:
    // the lists do not depend on the thread count)
    static constexpr std::size_t kSearchSlabs = 16;
    void classifyMembers(const World& world, const ContactTable& table);
    int wallParams(const World& world, const ContactTable& table, int member, int wall);

    // a class of members: equal material, radius and body mass give equal contact constants
    struct MemberClass {
        int material;
        double radius; // m
        double mass;   // kg, of the body
    };
    static constexpr std::size_t kMaxClasses = 32;
    std::vector<MemberClass> m_classes;
    std::vector<int> m_memberClass; // (m) class of each member, or -1 without a table
    bool m_classTable = false;      // m_params is the class table
    std::vector<ContactParams> m_params;
    std::vector<PairScale> m_scales; // parallel to m_pairs without a class table

    double m_skin = 0.0;
    long long m_builds = 0;
    std::vector<Vec3> m_reference; // (m) member positions at the last build, m
    std::vector<int> m_cellOf;     // (m) cell index of each member
    std::vector<int> m_cellStart;  // (cells + 1) offsets into m_cellBodies
    std::vector<int> m_cellBodies; // (m) member indices sorted by cell
    // the cell search's lists: (i, j) only, 8 B a candidate (the rest of a PairCandidate follows
    // from i and j when the lists are joined), and in a periodic cell each one's image
    struct SlabPair {
        int i;
        int j;
    };
    std::vector<std::vector<SlabPair>> m_slabs; // (kSearchSlabs)
    std::vector<unsigned char> m_slabImages;    // parallel to m_slabs[0] in a periodic cell
    std::vector<int> m_pairStart;               // (m + 1) the counting sort's offsets by i
    std::vector<PairCandidate> m_pairs;         // sorted by (i, j)
    std::vector<WallCandidate> m_wallPairs;     // sorted by (member, wall)
    ContactHistory m_pairHistory;               // parallel to m_pairs
    ContactHistory m_wallHistory;               // parallel to m_wallPairs
    // while a rebuild carries history into the new lists: the touching contacts' keys (members
    // i, j; member, wall) in list order and their entries (every other entry is zero)
    std::vector<std::pair<int, int>> m_carriedPairKeys;
    std::vector<std::pair<int, int>> m_carriedWallKeys;
    ContactHistory m_carriedPairs;
    ContactHistory m_carriedWalls;
    std::vector<int> m_sortIndex;          // renumberMembers: list order by the new keys
    std::vector<unsigned char> m_sortDone; // and its scratch
    int m_uniformLaw = -1;                 // see uniformLaw()
    // a periodic cell's search: its side vectors at the last build, the reach 2 R_max + skin (m)
    // then, each member's wrapped position (m) and the shift that wrapped it, the image table
    bool m_periodic = false;
    Mat3 m_referenceCell = Mat3::Identity();
    double m_reach = 0.0;
    std::vector<Vec3> m_wrapped;
    std::vector<ImageShift> m_memberShift;
    ImageTable m_images;
    // which history arrays the candidates need (a tangential, a rolling spring somewhere)
    bool m_shear = false;
    bool m_roll = false;
    void findSprings();
    void findUniformLaw();
};

} // namespace tumble
