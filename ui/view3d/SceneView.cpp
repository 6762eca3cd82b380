#include "view3d/SceneView.h"

#include <QColor>
#include <QMouseEvent>

#include "bond/BondLoads.h"
#include "energy/EnergyTerms.h"
#include "session/TorqueFreeGhost.h"
#include "view3d/BodyOverlay.h"
#include "view3d/BondFrameOverlay.h"
#include "view3d/CellOverlay.h"
#include "view3d/ForceChainOverlay.h"
#include "view3d/GhostOverlay.h"
#include "vtk/VtkTextLock.h"

#include <vtkActor.h>
#include <vtkCallbackCommand.h>
#include <vtkCamera.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkColorTransferFunction.h>
#include <vtkCommand.h>
#include <vtkFloatArray.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkMatrix4x4.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPointGaussianMapper.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkScalarBarActor.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>
#include <vtkTextRenderer.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <numbers>
#include <string_view>
#include <vector>

namespace tumble::ui {

namespace {

// a sphere impostor: discard outside the unit disc, shade the rest as a lit hemisphere facing
// the camera (normal from the disc offset), with a soft rim so touching spheres stay apart
constexpr const char* kSphereSplatShader = R"(//VTK::Color::Impl
  float dist2 = dot(offsetVCVSOutput.xy, offsetVCVSOutput.xy);
  if (dist2 > 1.0) { discard; }
  vec3 sphereNormal = vec3(offsetVCVSOutput.xy, sqrt(1.0 - dist2));
  vec3 keyLight = normalize(vec3(-0.4, 0.55, 0.75));
  float lambert = max(dot(sphereNormal, keyLight), 0.0);
  vec3 halfVector = normalize(keyLight + vec3(0.0, 0.0, 1.0));
  float specular = pow(max(dot(sphereNormal, halfVector), 0.0), 48.0);
  float rim = mix(0.55, 1.0, smoothstep(0.0, 0.45, sphereNormal.z));
  diffuseColor = (diffuseColor * (0.32 + 0.68 * lambert) + vec3(0.30 * specular)) * rim;
  ambientColor = vec3(0.0);
)";

// the selection halo: an amber ring from the sphere's edge out to kHaloOuter radii, darker at
// its outer edge so it reads on the light background too (the impostor's offsets are in radii)
constexpr double kHaloOuter = 1.3;
constexpr const char* kHaloSplatShader = R"(//VTK::Color::Impl
  float dist = length(offsetVCVSOutput.xy);
  if (dist < 1.0 || dist > 1.3) { discard; }
  float t = (dist - 1.0) / 0.3;
  ambientColor = mix(vec3(1.0, 0.80, 0.12), vec3(0.55, 0.27, 0.0), smoothstep(0.5, 1.0, t));
  diffuseColor = vec3(0.0);
)";

// a broken bond: a red eight-pointed burst with a yellow core, out to the impostor's radius
constexpr const char* kBreakSplatShader = R"(//VTK::Color::Impl
  float dist = length(offsetVCVSOutput.xy);
  float angle = atan(offsetVCVSOutput.y, offsetVCVSOutput.x);
  float edge = 0.55 + 0.45 * pow(abs(cos(4.0 * angle)), 4.0);
  if (dist > edge) { discard; }
  ambientColor = mix(vec3(1.0, 0.92, 0.25), vec3(0.86, 0.06, 0.04), smoothstep(0.15, 0.45, dist));
  ambientColor = mix(ambientColor, vec3(0.45, 0.0, 0.0), smoothstep(edge - 0.12, edge, dist));
  diffuseColor = vec3(0.0);
)";

// bond lines and their legend
constexpr float kBondLineWidth = 3.5f;    // px
constexpr double kBreakMarkerScale = 0.9; // the burst's radius, in the smaller sphere's radii
constexpr int kLegendWords = 6;           // per row
constexpr const char* kModeWords[kBondModes] = {"normal", "shear", "twist", "bend"};
constexpr energy_term::Id kModeTerms[kBondModes] = {energy_term::ElasticBondNormal, energy_term::ElasticBondShear,
                                                    energy_term::ElasticBondTwist, energy_term::ElasticBondBend};

// how long the colour scale remembers a faster past, s (wall clock)
constexpr double kScaleMemory = 1.0;

constexpr double kBottom[3] = {0.80, 0.83, 0.88}; // background gradient, bottom
constexpr double kTop[3] = {0.98, 0.985, 0.99};   // and top

// the polygon where a plane meets an axis-aligned box, in order around the plane normal
std::vector<std::array<double, 3>> clipPlaneToBox(const Vec3& point, const Vec3& normal, const double b[6])
{
    std::vector<std::array<double, 3>> out;
    const Vec3 n = normal.normalized();
    if (!n.allFinite() || !point.allFinite())
        return out;
    // corners and the 12 edges of the box
    Vec3 c[8];
    for (int i = 0; i < 8; ++i)
        c[i] = Vec3(b[(i & 1) ? 1 : 0], b[(i & 2) ? 3 : 2], b[(i & 4) ? 5 : 4]);
    const int edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                              {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    const double size = (c[7] - c[0]).norm();
    const double eps = 1e-9 * std::max(size, 1e-12);
    std::vector<Vec3> pts;
    auto add = [&](const Vec3& p) {
        for (const Vec3& q : pts)
            if ((q - p).norm() <= 1e-7 * size)
                return;
        pts.push_back(p);
    };
    for (const auto& e : edges) {
        const Vec3& p0 = c[e[0]];
        const Vec3& p1 = c[e[1]];
        const double d0 = n.dot(p0 - point);
        const double d1 = n.dot(p1 - point);
        if (std::abs(d0) <= eps)
            add(p0);
        if (std::abs(d1) <= eps)
            add(p1);
        if ((d0 < -eps && d1 > eps) || (d0 > eps && d1 < -eps))
            add(p0 + (p1 - p0) * (d0 / (d0 - d1)));
    }
    if (pts.size() < 3)
        return out;
    // order by angle about the centroid, in the plane's own frame
    Vec3 centre = Vec3::Zero();
    for (const Vec3& p : pts)
        centre += p;
    centre /= double(pts.size());
    const Vec3 u = n.unitOrthogonal();
    const Vec3 v = n.cross(u);
    std::sort(pts.begin(), pts.end(), [&](const Vec3& a, const Vec3& bb) {
        return std::atan2((a - centre).dot(v), (a - centre).dot(u)) <
               std::atan2((bb - centre).dot(v), (bb - centre).dot(u));
    });
    for (const Vec3& p : pts)
        out.push_back({p.x(), p.y(), p.z()});
    return out;
}

bool finite3(const float* p)
{
    return std::isfinite(p[0]) && std::isfinite(p[1]) && std::isfinite(p[2]);
}

bool drawable(const FrameSnapshot& s, std::size_t i)
{
    const float r = s.radii[i];
    return finite3(&s.positions[3 * i]) && std::isfinite(r) && r > 0.f;
}

// what the scale colours show per member: the quantity asked for when the snapshot carries it
// (the worker starts computing it a snapshot or two after it is asked), the speed relative to
// a periodic cell's medium when asked for and there is a cell, else the speed
const std::vector<float>& colourSpeeds(const FrameSnapshot& s, ColourMode mode)
{
    const MemberQuantity q = memberQuantityOf(mode);
    if (q != MemberQuantity::None && s.memberQuantity == q && s.memberValues.size() == s.memberCount())
        return s.memberValues;
    const bool fluctuation = mode == ColourMode::FluctuationSpeed && s.fluctuationSpeeds.size() == s.memberCount();
    return fluctuation ? s.fluctuationSpeeds : s.speeds;
}

// the colour bar's title for what colourSpeeds gave
const char* colourTitle(const FrameSnapshot& s, const std::vector<float>& values)
{
    if (&values == &s.memberValues)
        return memberQuantityTitle(s.memberQuantity).data();
    if (&values == &s.speeds && !s.speedsTitle.empty())
        return s.speedsTitle.c_str(); // a replayed dump's column
    return &values == &s.fluctuationSpeeds ? "|v - L x| (m/s)" : "speed (m/s)";
}

// body b's members that are drawn (finite), i.e. those that get the halo
std::size_t selectedMembers(const FrameSnapshot& s, int b)
{
    std::size_t n = 0;
    if (b >= 0)
        for (std::size_t i = 0; i < s.memberCount(); ++i)
            n += s.bodyOf(i) == b && drawable(s, i);
    return n;
}

} // namespace

// ------------------------------------------------------------------------------------------------
namespace {

// who to tell that a share drew
struct ShareDone {
    SceneView* view = nullptr;
    std::size_t index = 0;
};

// one share of the spheres (members i with i % kParts == its index), in a renderer of its own:
// a frame can draw any set of shares, or one share per render pass, by switching whole
// renderers on and off (SetDraw), which leaves the actors and their uploaded buffers alone
struct SpherePart {
    vtkNew<vtkRenderer> renderer; // layer 0, under the main renderer
    vtkNew<vtkPolyData> bodies;   // updated in place
    vtkNew<vtkPoints> points;
    vtkNew<vtkFloatArray> radius;
    vtkNew<vtkFloatArray> speed;
    vtkNew<vtkUnsignedCharArray> bodyRgb; // (m x 3) direct colours in ColourMode::Body
    vtkNew<vtkPointGaussianMapper> mapper;
    vtkNew<vtkActor> actor;
    std::size_t count = 0;            // spheres uploaded
    vtkNew<vtkCallbackCommand> drawn; // after the renderer drew: SceneView::afterShare
    ShareDone done;
};

} // namespace

struct SceneView::Pipeline {
    // walls, halo, overlays and text, on layer 1 over the spheres' depth; first in the window
    // (its camera is the one the compare grid shares and the spheres' renderers follow)
    vtkNew<vtkRenderer> renderer;

    std::array<SpherePart, kSphereParts> parts;
    vtkNew<vtkColorTransferFunction> speedColors;
    vtkNew<LockedScalarBarActor> scalarBar; // text: rendered under vtkTextLock()

    // walls: translucent polygons plus their outlines
    vtkNew<vtkPolyData> walls;
    vtkNew<vtkPolyDataMapper> wallMapper;
    vtkNew<vtkActor> wallActor;
    vtkNew<vtkActor> wallEdgeActor;

    // the selected body's members again, drawn as halo rings
    vtkNew<vtkPolyData> halo;
    vtkNew<vtkPoints> haloPoints;
    vtkNew<vtkFloatArray> haloRadius;
    vtkNew<vtkPointGaussianMapper> haloMapper;
    vtkNew<vtkActor> haloActor;

    vtkNew<LockedTextActor> caption;
    double speedMax = 0.0; // top of the colour scale as last set (m/s for speed)
    double speedMin = 0.0; // and its bottom (0 but for a two-sided scale)

    // bonds: a line per bond, its ends lifted toward the eye every frame (placeBondsAndBreaks)
    vtkNew<vtkPolyData> bonds;
    vtkNew<vtkPoints> bondPoints;
    vtkNew<vtkCellArray> bondLines;
    vtkNew<vtkUnsignedCharArray> bondRgb; // (b x 3) per line
    vtkNew<vtkPolyDataMapper> bondMapper;
    vtkNew<vtkActor> bondActor;
    // a dark edge either side: the same lines, wider, lifted a little less (so just behind)
    vtkNew<vtkPolyData> bondEdges;
    vtkNew<vtkPoints> bondEdgePoints;
    vtkNew<vtkPolyDataMapper> bondEdgeMapper;
    vtkNew<vtkActor> bondEdgeActor;
    std::vector<float> bondEnds; // (2b x 4) each end's centre (m) and its sphere's radius, unlifted
    // break markers, lifted likewise
    vtkNew<vtkPolyData> breaks;
    vtkNew<vtkPoints> breakPoints;
    vtkNew<vtkFloatArray> breakRadius;
    vtkNew<vtkPointGaussianMapper> breakMapper;
    vtkNew<vtkActor> breakActor;
    // what the lifted points were placed for: the camera and its state, the uploads
    vtkCamera* liftCamera = nullptr;
    vtkMTimeType liftCameraTime = 0;
    int liftHeight = 0; // px, the window's (sets the lines' width)
    bool liftStale = true;
    // the selected bond's amber rim: its line again, wider, lifted a little less than the line
    vtkNew<vtkPolyData> bondRim;
    vtkNew<vtkPoints> bondRimPoints;
    vtkNew<vtkPolyDataMapper> bondRimMapper;
    vtkNew<vtkActor> bondRimActor;
    // the selected bond's frame and bending plane: on the top layer, over everything
    vtkNew<vtkRenderer> top;
    // the legend: two rows (modes, loads) of coloured words over the caption
    std::array<std::array<vtkNew<LockedTextActor>, kLegendWords>, 2> legend;

    // the camera of the frame just rendered (afterRender), for picking while the next renders
    ViewCamera rendered;
};

// ------------------------------------------------------------------------------------------------
SceneView::SceneView(QWidget* parent) : VtkOpenGLWidget(parent), m_p(std::make_unique<Pipeline>())
{
    // a 100k-sphere frame takes several hundred ms on llvmpipe: never on the GUI thread
    setThreadedRendering(true);
    Pipeline& p = *m_p;
    vtkRenderer* r = p.renderer;
    renderWindow()->SetNumberOfLayers(3);
    r->SetLayer(1);             // over the spheres, keeping their colours
    r->PreserveDepthBufferOn(); // and their depth: walls and halos behind spheres stay hidden
    r->UseFXAAOff();
    renderWindow()->AddRenderer(r);

    // cool-to-warm (Moreland) from rest to the fastest bodies
    p.speedColors->SetColorSpaceToDiverging();
    p.speedColors->AddRGBPoint(0.0, 0.230, 0.299, 0.754);
    p.speedColors->AddRGBPoint(1.0, 0.706, 0.016, 0.150);

    // bodies: float points and arrays, overwritten in place by every snapshot, in kSphereParts
    // shares; the first share's renderer clears the frame and draws the background
    for (std::size_t j = 0; j < p.parts.size(); ++j) {
        SpherePart& part = p.parts[j];
        part.points->SetDataTypeToFloat();
        part.radius->SetName("radius");
        part.speed->SetName("speed");
        part.bodies->SetPoints(part.points);
        part.bodies->GetPointData()->AddArray(part.radius);
        part.bodies->GetPointData()->AddArray(part.speed);
        part.bodyRgb->SetName("bodyColour");
        part.bodyRgb->SetNumberOfComponents(3);
        part.bodies->GetPointData()->AddArray(part.bodyRgb);
        part.bodies->GetPointData()->SetActiveScalars("speed");

        part.mapper->SetInputData(part.bodies);
        part.mapper->SetScaleArray("radius");
        part.mapper->SetScaleFactor(1.0);
        part.mapper->EmissiveOff();
        part.mapper->SetSplatShaderCode(kSphereSplatShader);
        part.mapper->SetLookupTable(p.speedColors);
        part.mapper->SetScalarModeToUsePointFieldData();
        part.mapper->SelectColorArray("speed");
        part.mapper->SetColorModeToMapScalars();
        part.mapper->UseLookupTableScalarRangeOn();
        part.mapper->ScalarVisibilityOn();
        part.actor->SetMapper(part.mapper);
        part.actor->GetProperty()->SetAmbient(0.0);
        part.actor->GetProperty()->SetDiffuse(1.0);

        vtkRenderer* pr = part.renderer;
        pr->SetLayer(0);
        pr->SetErase(j == 0);
        pr->GradientBackgroundOn();
        pr->SetBackground(kBottom[0], kBottom[1], kBottom[2]);
        pr->SetBackground2(kTop[0], kTop[1], kTop[2]);
        pr->UseFXAAOff();
        pr->InteractiveOff(); // the trackball works on the main renderer (one shared camera)
        pr->SetActiveCamera(r->GetActiveCamera());
        pr->AddActor(part.actor);
        renderWindow()->AddRenderer(pr);
        part.done = {this, j};
        part.drawn->SetClientData(&part.done);
        part.drawn->SetCallback([](vtkObject*, unsigned long, void* client, void*) {
            auto* share = static_cast<ShareDone*>(client);
            share->view->afterShare(share->index);
        });
        pr->AddObserver(vtkCommand::EndEvent, part.drawn);
    }

    // selection halo: same radii, a ring outside each selected member
    p.haloPoints->SetDataTypeToFloat();
    p.haloRadius->SetName("radius");
    p.halo->SetPoints(p.haloPoints);
    p.halo->GetPointData()->AddArray(p.haloRadius);
    p.haloMapper->SetInputData(p.halo);
    p.haloMapper->SetScaleArray("radius");
    p.haloMapper->SetScaleFactor(1.0);
    p.haloMapper->SetTriangleScale(float(kHaloOuter)); // no fragments beyond the ring
    p.haloMapper->EmissiveOff();
    p.haloMapper->ScalarVisibilityOff();
    p.haloMapper->SetSplatShaderCode(kHaloSplatShader);
    p.haloActor->SetMapper(p.haloMapper);
    p.haloActor->SetVisibility(false);
    r->AddActor(p.haloActor);

    // walls
    p.wallMapper->SetInputData(p.walls);
    p.wallMapper->ScalarVisibilityOff();
    p.wallActor->SetMapper(p.wallMapper);
    p.wallActor->GetProperty()->SetColor(0.50, 0.58, 0.68);
    p.wallActor->GetProperty()->SetOpacity(0.22);
    p.wallActor->GetProperty()->SetAmbient(0.35);
    p.wallActor->GetProperty()->SetDiffuse(0.65);
    p.wallActor->GetProperty()->BackfaceCullingOff();
    p.wallEdgeActor->SetMapper(p.wallMapper);
    p.wallEdgeActor->GetProperty()->SetRepresentationToWireframe();
    p.wallEdgeActor->GetProperty()->SetColor(0.28, 0.33, 0.42);
    p.wallEdgeActor->GetProperty()->SetLineWidth(1.5);
    p.wallEdgeActor->GetProperty()->LightingOff();
    p.wallEdgeActor->GetProperty()->SetOpacity(0.8);
    r->AddActor(p.wallActor);
    r->AddActor(p.wallEdgeActor);

    // triads, w and L arrows, trails: updated with the bodies
    m_overlay = std::make_unique<BodyOverlay>(r);
    m_ghostOverlay = std::make_unique<GhostOverlay>(r);
    m_overlayOptions = m_overlay->options();

    // colour bar on the right
    p.scalarBar->SetLookupTable(p.speedColors);
    p.scalarBar->SetTitle("speed (m/s)");
    p.scalarBar->SetNumberOfLabels(5);
    p.scalarBar->SetLabelFormat("%.2g");
    p.scalarBar->SetOrientationToVertical();
    p.scalarBar->SetPosition(0.90, 0.12);
    p.scalarBar->SetWidth(0.08);
    p.scalarBar->SetHeight(0.70);
    p.scalarBar->SetBarRatio(0.30);
    p.scalarBar->SetUnconstrainedFontSize(true);
    p.scalarBar->SetTextPositionToPrecedeScalarBar();
    p.scalarBar->SetTextPad(6);                 // labels clear of the bar
    p.scalarBar->SetVerticalTitleSeparation(8); // and the top label clear of the title
    for (vtkTextProperty* tp : {p.scalarBar->GetTitleTextProperty(), p.scalarBar->GetLabelTextProperty()}) {
        tp->SetColor(0.15, 0.17, 0.22);
        tp->SetFontFamilyToArial();
        tp->ShadowOff();
        tp->ItalicOff();
        tp->BoldOff();
    }
    p.scalarBar->GetTitleTextProperty()->SetFontSize(13);
    p.scalarBar->GetTitleTextProperty()->SetJustificationToRight();
    p.scalarBar->GetLabelTextProperty()->SetFontSize(12);
    p.scalarBar->SetVisibility(false);
    p.top->AddActor2D(p.scalarBar); // on the top layer: over the force chains

    // caption: scene name, time, body count
    vtkTextProperty* cp = p.caption->GetTextProperty();
    cp->SetColor(0.15, 0.17, 0.22);
    cp->SetFontFamilyToArial();
    cp->SetFontSize(14);
    cp->ShadowOff();
    // readable where spheres lie behind it (dark text on dark blue spheres is not): a light box,
    // as the bond legend's
    cp->SetBackgroundColor(kBottom[0], kBottom[1], kBottom[2]);
    cp->SetBackgroundOpacity(0.8);
    p.caption->SetDisplayPosition(12, 10);
    p.top->AddActor2D(p.caption); // (as the colour bar)

    // bonds: lines with a colour per line, unlit, in the main renderer (the spheres' depth)
    p.bondPoints->SetDataTypeToFloat();
    p.bonds->SetPoints(p.bondPoints);
    p.bonds->SetLines(p.bondLines);
    p.bondRgb->SetName("bondColour");
    p.bondRgb->SetNumberOfComponents(3);
    p.bonds->GetCellData()->SetScalars(p.bondRgb);
    p.bondMapper->SetInputData(p.bonds);
    p.bondMapper->SetScalarModeToUseCellData();
    p.bondMapper->SetColorModeToDirectScalars();
    p.bondMapper->ScalarVisibilityOn();
    p.bondActor->SetMapper(p.bondMapper);
    p.bondActor->GetProperty()->SetLineWidth(kBondLineWidth);
    p.bondActor->GetProperty()->LightingOff();
    p.bondActor->SetVisibility(false);
    p.bondEdgePoints->SetDataTypeToFloat();
    p.bondEdges->SetPoints(p.bondEdgePoints);
    p.bondEdges->SetLines(p.bondLines);
    p.bondEdgeMapper->SetInputData(p.bondEdges);
    p.bondEdgeMapper->ScalarVisibilityOff();
    p.bondEdgeActor->SetMapper(p.bondEdgeMapper);
    p.bondEdgeActor->GetProperty()->SetColor(0.10, 0.11, 0.15);
    p.bondEdgeActor->GetProperty()->SetLineWidth(kBondLineWidth + 2.f);
    p.bondEdgeActor->GetProperty()->LightingOff();
    p.bondEdgeActor->SetVisibility(false);
    p.bondRimPoints->SetDataTypeToFloat();
    p.bondRimPoints->SetNumberOfPoints(2);
    p.bondRim->SetPoints(p.bondRimPoints);
    {
        vtkNew<vtkCellArray> rimLine;
        const vtkIdType ends[2] = {0, 1};
        rimLine->InsertNextCell(2, ends);
        p.bondRim->SetLines(rimLine);
    }
    p.bondRimMapper->SetInputData(p.bondRim);
    p.bondRimMapper->ScalarVisibilityOff();
    p.bondRimActor->SetMapper(p.bondRimMapper);
    p.bondRimActor->GetProperty()->SetColor(1.0, 0.80, 0.12); // the body halo's amber
    p.bondRimActor->GetProperty()->LightingOff();
    p.bondRimActor->SetVisibility(false);
    r->AddActor(p.bondRimActor);
    r->AddActor(p.bondEdgeActor);
    r->AddActor(p.bondActor);

    // break markers: bursts as impostors
    p.breakPoints->SetDataTypeToFloat();
    p.breakRadius->SetName("radius");
    p.breaks->SetPoints(p.breakPoints);
    p.breaks->GetPointData()->AddArray(p.breakRadius);
    p.breakMapper->SetInputData(p.breaks);
    p.breakMapper->SetScaleArray("radius");
    p.breakMapper->SetScaleFactor(1.0);
    p.breakMapper->SetTriangleScale(1.0f);
    p.breakMapper->EmissiveOff();
    p.breakMapper->ScalarVisibilityOff();
    p.breakMapper->SetSplatShaderCode(kBreakSplatShader);
    p.breakActor->SetMapper(p.breakMapper);
    p.breakActor->SetVisibility(false);
    r->AddActor(p.breakActor);

    // the selected bond's frame and plane: a renderer on the top layer that clears the depth
    // (BondFrameOverlay.h), on the main renderer's camera
    p.top->SetLayer(2);
    p.top->UseFXAAOff();
    p.top->InteractiveOff();
    p.top->SetActiveCamera(r->GetActiveCamera());
    renderWindow()->AddRenderer(p.top);
    m_bondFrame = std::make_unique<BondFrameOverlay>(p.top);
    m_cellOverlay = std::make_unique<CellOverlay>(r);
    m_chains = std::make_unique<ForceChainOverlay>(p.top); // over the spheres they run through

    // the bond legend's words (placed by placeBondLegend)
    for (auto& row : p.legend)
        for (auto& word : row) {
            vtkTextProperty* tp = word->GetTextProperty();
            tp->SetFontFamilyToArial();
            tp->SetFontSize(14);
            tp->ShadowOff();
            // readable over spheres too: a light box, as the background behind the words
            tp->SetBackgroundColor(kBottom[0], kBottom[1], kBottom[2]);
            tp->SetBackgroundOpacity(0.8);
            word->SetVisibility(false);
            r->AddActor2D(word);
        }

    // a break marker goes when its time is up, also while no snapshot comes
    m_breakClock.start();
    m_breakTimer.setSingleShot(true);
    connect(&m_breakTimer, &QTimer::timeout, this, [this]() { requestRender(); });
}

SceneView::~SceneView()
{
    // no frame renders any more (afterRender is ours); then the renderer leaves the window
    shutDownRendering();
    renderWindow()->RemoveRenderer(m_p->renderer);
    renderWindow()->RemoveRenderer(m_p->top);
    for (SpherePart& part : m_p->parts)
        renderWindow()->RemoveRenderer(part.renderer);
}

QColor SceneView::backgroundBottom()
{
    return QColor::fromRgbF(kBottom[0], kBottom[1], kBottom[2]);
}
QColor SceneView::backgroundTop()
{
    return QColor::fromRgbF(kTop[0], kTop[1], kTop[2]);
}

// ------------------------------------------------------------------------------------------------
QColor SceneView::bodyColour(int b)
{
    // golden-ratio hue walk: consecutive bodies far apart on the wheel, never repeating
    const double hue = std::fmod(0.08 + 0.618033988749895 * double(std::max(b, 0)), 1.0);
    const QColor c = QColor::fromHsvF(float(hue), 0.62f, 0.92f);
    return QColor(c.red(), c.green(), c.blue()); // 8-bit rgb, as uploaded: compares by value
}

void SceneView::setSelectedBody(int b)
{
    if (b == m_selectedBody)
        return;
    m_selectedBody = b;
    // the count now, the halo's points when no frame renders
    const FrameSnapshot* s = m_uploaded ? m_uploaded.get() : nullptr;
    m_highlighted = s ? selectedMembers(*s, b) : 0;
    editPipeline([this]() {
        refreshOverlay();
        if (m_uploaded)
            uploadSelection(*m_uploaded);
    });
    requestRender();
}

void SceneView::setSelectedBond(int a, int b)
{
    const std::array<int, 2> pair = a >= 0 && b >= 0 ? std::array<int, 2>{a, b} : std::array<int, 2>{-1, -1};
    if (pair == m_selectedBond)
        return;
    m_selectedBond = pair;
    editPipeline([this]() {
        if (m_uploaded) {
            uploadBonds(*m_uploaded); // the rim's line
            uploadBondSelection(*m_uploaded);
        } else {
            m_bondFrame->hide();
        }
    });
    requestRender();
}

void SceneView::setOverlayOptions(const OverlayOptions& options)
{
    if (options == m_overlayOptions)
        return;
    const bool again =
        options.cellImages != m_overlayOptions.cellImages || options.forceChains != m_overlayOptions.forceChains;
    m_overlayOptions = options;
    editPipeline([this, options, again]() {
        m_overlay->setOptions(options);
        refreshOverlay();
        if (again)
            m_uploaded.reset(); // upload again, with or without the images or the chains
    });
    requestRender();
}

const OverlayOptions& SceneView::overlayOptions() const
{
    return m_overlayOptions;
}

void SceneView::refreshOverlay()
{
    // the snapshot on screen again, with the new selection or options
    if (m_uploaded)
        m_overlay->update(*m_uploaded, m_selectedBody);
}

void SceneView::setColourMode(ColourMode mode)
{
    if (mode == m_colourMode)
        return;
    m_colourMode = mode;
    editPipeline([this, mode]() {
        Pipeline& p = *m_p;
        for (SpherePart& part : p.parts) {
            if (mode == ColourMode::Body) {
                part.mapper->SelectColorArray("bodyColour");
                part.mapper->SetColorModeToDirectScalars();
            } else {
                part.mapper->SelectColorArray("speed");
                part.mapper->SetColorModeToMapScalars();
            }
        }
        m_uploaded.reset(); // upload again: the colour array and the bar follow the mode
        // a new quantity starts its own scale
        m_speedMax = m_colourLow = 0.0;
        p.speedMax = p.speedMin = 0.0;
        m_scaleStarted = false;
    });
    requestRender();
}

QColor SceneView::drawnColour(std::size_t i) const
{
    // reads VTK's arrays and lookup table: not while a frame renders
    const_cast<SceneView*>(this)->flushPipeline();
    const Pipeline& p = *m_p;
    if (i >= m_drawn || !m_uploaded)
        return {};
    // the i-th finite member of the snapshot uploaded: its share, and its place in the share
    const FrameSnapshot& s = *m_uploaded;
    std::size_t seen = 0;
    std::array<std::size_t, kSphereParts> places{};
    std::size_t member = 0;
    for (; member < s.memberCount(); ++member) {
        if (!drawable(s, member) || !std::isfinite(colourSpeeds(s, m_colourMode)[member]))
            continue;
        if (seen++ == i)
            break;
        ++places[member % kSphereParts];
    }
    const SpherePart& part = p.parts[member % kSphereParts];
    const auto slot = static_cast<vtkIdType>(places[member % kSphereParts]);
    if (m_colourMode == ColourMode::Body) {
        const unsigned char* c = part.bodyRgb->GetPointer(3 * slot);
        return QColor(c[0], c[1], c[2]);
    }
    double rgb[3];
    p.speedColors->GetColor(part.speed->GetValue(slot), rgb);
    return QColor::fromRgbF(float(rgb[0]), float(rgb[1]), float(rgb[2]));
}

void SceneView::setSnapshot(SnapshotPtr snapshot)
{
    if (!snapshot || snapshot == m_snapshot)
        return;
    m_snapshot = std::move(snapshot);
    requestRender();
}

void SceneView::setGhost(const TorqueFreeGhost* g)
{
    m_ghost = g;
    requestRender();
}

bool SceneView::renderWanted() const
{
    // the ghost started, stopped or restarted behind an external update()
    const bool active = m_snapshot && m_ghost && m_ghost->active(); // as prepareRender places it
    return active != m_ghostPlaced || (active && m_ghost->startTime() != m_ghostStart);
}

void SceneView::afterRender()
{
    // the camera of this frame, for bodyAt() while the next one renders; in the view's full
    // size (the interactor's), also for a frame rendered at a reduced resolution
    vtkRenderer* ren = m_p->renderer;
    ViewCamera& v = m_p->rendered;
    const int* size = interactor()->GetSize();
    v.width = size[0];
    v.height = size[1];
    vtkMatrix4x4* m =
        ren->GetActiveCamera()->GetCompositeProjectionTransformMatrix(ren->GetTiledAspectRatio(), -1.0, 1.0);
    Eigen::Matrix4d worldToView;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            worldToView(r, c) = m->GetElement(r, c);
    v.viewToWorld = worldToView.inverse();
    v.valid = v.width > 0 && v.height > 0 && v.viewToWorld.allFinite();
}

void SceneView::frameShown()
{
    m_shownCamera = m_p->rendered;
    m_shown = m_rendering;
    m_shownLevel = m_renderingLevel;
    m_shownDrawn = m_renderingDrawn;
    m_detail.record(m_shownLevel, shownRenderMilliseconds());
}

void SceneView::interactionEnded()
{
    // the camera stopped: full quality again
    if (m_renderingLevel != 0 || m_shownLevel != 0)
        requestRender();
}

void SceneView::placeColourBar()
{
    // VTK centres the title over the bar's box and, with unconstrained font sizes, lets text
    // spill out of a box that is narrower than it: at 1280 x 800 the title and labels ran past
    // the view's right edge. So the box is made as wide as its widest text, measured with the
    // text properties it draws with, and placed kColourBarMargin pixels from the right edge.
    Pipeline& p = *m_p;
    const int* size = renderWindow()->GetSize();
    const int w = size[0], h = size[1];
    if (w <= 0 || h <= 0 ||
        (w == m_barViewW && h == m_barViewH && p.speedMax == m_barScale && p.speedMin == m_barBottom))
        return;
    m_barViewW = w;
    m_barViewH = h;
    m_barScale = p.speedMax;
    m_barBottom = p.speedMin;
    const int dpi = renderWindow()->GetDPI();
    auto widthOf = [dpi](vtkTextProperty* tp, const char* text) {
        int box[4] = {0, 0, 0, 0};
        std::lock_guard lock(vtkTextLock()); // FreeType's cache is shared with other threads
        vtkTextRenderer* tr = vtkTextRenderer::GetInstance();
        if (!tr || !tr->GetBoundingBox(tp, text, box, dpi))
            return 0;
        return box[1] - box[0] + 1;
    };
    const int titleW = widthOf(p.scalarBar->GetTitleTextProperty(), p.scalarBar->GetTitle());
    int labelW = 0;
    const int labels = p.scalarBar->GetNumberOfLabels();
    for (int i = 0; i < labels; ++i) {
        char text[64];
        std::snprintf(text, sizeof text, p.scalarBar->GetLabelFormat(),
                      labels > 1 ? p.speedMin + (p.speedMax - p.speedMin) * double(i) / double(labels - 1)
                                 : p.speedMax);
        labelW = std::max(labelW, widthOf(p.scalarBar->GetLabelTextProperty(), text));
    }
    // the bar's own width, the labels and their pad left of it, the title over all of it
    const int barW = std::max(10, int(std::lround(0.022 * w)));
    const int boxW = std::max(titleW, labelW + p.scalarBar->GetTextPad() + barW) + 4;
    const int boxX = std::max(0, w - kColourBarMargin - boxW);
    p.scalarBar->SetPosition(double(boxX) / w, 0.12);
    p.scalarBar->SetWidth(double(boxW) / w);
    p.scalarBar->SetBarRatio(std::min(1.0, double(barW) / boxW));
    m_barBox = {boxX, int(std::lround((1.0 - 0.12 - 0.70) * h)), boxW, int(std::lround(0.70 * h))};
}

QRect SceneView::colourBarBox() const
{
    return QRect(m_barBox[0], m_barBox[1], m_barBox[2], m_barBox[3]);
}

void SceneView::prepareRender()
{
    placeColourBar();
    // the ghost can start or stop while the run is paused: placed on every frame (a few spheres)
    m_ghostPlaced = m_snapshot && m_ghost && m_ghost->active();
    m_ghostStart = m_ghostPlaced ? m_ghost->startTime() : 0.0;
    if (m_ghostPlaced)
        m_ghostOverlay->update(*m_snapshot, *m_ghost);
    else
        m_ghostOverlay->hide();
    m_rendering = m_snapshot;
    if (m_snapshot && m_snapshot != m_uploaded) {
        const FrameSnapshot& s = *m_snapshot;
        if (s.scene && s.scene->revision != m_sceneRevision) {
            rebuildWalls(*s.scene);
            m_sceneRevision = s.scene->revision;
            m_speedMax = m_colourLow = 0.0;
            m_p->speedMax = m_p->speedMin = 0.0;
            m_scaleStarted = false;
            m_chains->restartScale();
            placeCamera();
        }
        // the chains before the bodies: the caption gives their scale
        if (m_overlayOptions.forceChains && s.chainsAsked)
            m_chains->update(s);
        else
            m_chains->hide();
        uploadBodies(s);
        if (s.cell)
            m_cellOverlay->update(*s.cell);
        else
            m_cellOverlay->hide();
        uploadBonds(s);
        uploadBondSelection(s);
        collectBreaks(s);
        uploadSelection(s);
        m_overlay->update(s, m_selectedBody);
        m_uploaded = m_snapshot;
        placeColourBar(); // for the scale just set
    }

    // while the camera moves: a coarser level, chosen from the frame times measured so far
    // (a grab, an export or a screenshot, is always full quality)
    const int level = m_compact ? 0 : m_detail.choose(interacting() && !grabbing());
    const DetailLevel detail = InteractiveDetail::kLadder[std::size_t(level)];
    setFrameScale(detail.scale);
    m_renderingLevel = level;
    // bonds (not at a coarse level) and break markers, lifted for this frame's camera
    placeBondsAndBreaks(detail.stride == 1);
    // the shares drawn (every stride-th sphere: the shares j with j % stride == 0), on the
    // camera the main renderer has now (the compare grid may have swapped it)
    Pipeline& p = *m_p;
    vtkCamera* camera = p.renderer->GetActiveCamera();
    m_renderingDrawn = 0;
    double bounds[6] = {1, -1, 1, -1, 1, -1};
    p.renderer->ComputeVisiblePropBounds(bounds);
    for (std::size_t j = 0; j < p.parts.size(); ++j) {
        SpherePart& part = p.parts[j];
        const bool drawn = j % std::size_t(detail.stride) == 0;
        part.renderer->SetActiveCamera(camera);
        part.renderer->SetDraw(drawn);
        if (drawn)
            m_renderingDrawn += part.count;
        if (part.count > 0) {
            // every share's spheres bound the depth range, drawn or not (no jump at the release)
            const double* b = part.bodies->GetBounds();
            if (bounds[0] > bounds[1]) {
                std::copy(b, b + 6, bounds); // nothing bounded yet
            } else {
                for (int k = 0; k < 3; ++k) {
                    bounds[2 * k] = std::min(bounds[2 * k], b[2 * k]);
                    bounds[2 * k + 1] = std::max(bounds[2 * k + 1], b[2 * k + 1]);
                }
            }
        }
    }
    // the trackball resets the clipping range from the main renderer's props only
    if (bounds[0] <= bounds[1])
        p.renderer->ResetCameraClippingRange(bounds);
    // a slow full-quality frame may be cut short after any share when camera input comes
    // (afterShare, VtkOpenGLWidget::frameCancellable); compact views and fast frames are not
    p.renderer->SetDraw(true);
    p.top->SetActiveCamera(camera);
    p.top->SetDraw(true);
    m_frameCut = false;
    m_cutShares =
        level == 0 && !m_compact && threadedRendering() && m_detail.estimateMs(0) > InteractiveDetail::kBudgetMs;
}

bool SceneView::frameCancellable() const
{
    return m_cutShares;
}

void SceneView::afterShare(std::size_t share)
{
    // render thread, after share `share` drew: camera input came, so the shares left and the
    // main renderer are skipped (vtkRenderer::Render does nothing while Draw is off). llvmpipe
    // only queues the draw calls and rasterises later (at the read-back), so the share is
    // finished first: the check then comes after its real cost, one share of the frame.
    if (!m_cutShares || m_frameCut)
        return;
    renderWindow()->WaitForCompletion();
    if (!cancelRequested())
        return;
    Pipeline& p = *m_p;
    for (std::size_t j = share + 1; j < p.parts.size(); ++j)
        p.parts[j].renderer->SetDraw(false);
    p.renderer->SetDraw(false);
    p.top->SetDraw(false);
    m_frameCut = true;
}

bool SceneView::frameComplete() const
{
    return !m_frameCut;
}

// ------------------------------------------------------------------------------------------------
void SceneView::uploadBodies(const FrameSnapshot& s)
{
    Pipeline& p = *m_p;
    const std::size_t n = s.memberCount();
    const bool byBody = m_colourMode == ColourMode::Body;
    const std::vector<float>& speeds = colourSpeeds(s, m_colourMode);
    // the finite members only (a NaN would poison VTK's bounds and the camera), member i in
    // share i % kSphereParts, then a periodic cell's images (image k in share k % kSphereParts,
    // after the members, so a member's place in its share does not depend on them). Counted
    // first: the arrays are sized to them once and overwritten in place (a size set twice could
    // reallocate them twice).
    std::array<std::size_t, kSphereParts> counts{};
    for (std::size_t i = 0; i < n; ++i)
        counts[i % kSphereParts] += drawable(s, i) && std::isfinite(speeds[i]);
    m_imageXyz.clear();
    m_imageMember.clear();
    if (m_overlayOptions.cellImages)
        CellOverlay::images(s, m_imageXyz, m_imageMember);
    m_imagesDrawn = 0;
    for (std::size_t k = 0; k < m_imageMember.size(); ++k)
        if (std::isfinite(speeds[std::size_t(m_imageMember[k])])) {
            ++counts[k % kSphereParts];
            ++m_imagesDrawn;
        }
    std::array<float*, kSphereParts> xyz{};
    std::array<float*, kSphereParts> rad{};
    std::array<float*, kSphereParts> spd{};
    std::array<unsigned char*, kSphereParts> rgb{};
    for (std::size_t j = 0; j < p.parts.size(); ++j) {
        SpherePart& part = p.parts[j];
        const auto count = static_cast<vtkIdType>(counts[j]);
        part.points->SetNumberOfPoints(count);
        part.radius->SetNumberOfValues(count);
        part.speed->SetNumberOfValues(count);
        part.bodyRgb->SetNumberOfTuples(byBody ? count : 0);
        xyz[j] = static_cast<vtkFloatArray*>(part.points->GetData())->GetPointer(0);
        rad[j] = part.radius->GetPointer(0);
        spd[j] = part.speed->GetPointer(0);
        rgb[j] = byBody ? part.bodyRgb->GetPointer(0) : nullptr;
        part.count = counts[j];
    }

    std::array<std::size_t, kSphereParts> at{};
    std::size_t m = 0;
    std::vector<float>& finiteSpeeds = m_speedScratch; // keeps its capacity between frames
    finiteSpeeds.clear();
    int lastBody = -1;
    QColor colour;
    for (std::size_t i = 0; i < n; ++i) {
        const float* x = &s.positions[3 * i];
        const float r = s.radii[i];
        const float v = speeds[i];
        if (!finite3(x) || !std::isfinite(r) || r <= 0.f || !std::isfinite(v))
            continue;
        const std::size_t j = i % kSphereParts;
        const std::size_t k = at[j]++;
        xyz[j][3 * k] = x[0];
        xyz[j][3 * k + 1] = x[1];
        xyz[j][3 * k + 2] = x[2];
        rad[j][k] = r;
        spd[j][k] = v;
        if (byBody) {
            const int b = s.bodyOf(i);
            if (b != lastBody) { // a clump's members are consecutive: one colour lookup each
                colour = bodyColour(b);
                lastBody = b;
            }
            rgb[j][3 * k] = static_cast<unsigned char>(colour.red());
            rgb[j][3 * k + 1] = static_cast<unsigned char>(colour.green());
            rgb[j][3 * k + 2] = static_cast<unsigned char>(colour.blue());
        }
        finiteSpeeds.push_back(v);
        ++m;
    }
    // the images: their sphere's radius and colour
    for (std::size_t k = 0; k < m_imageMember.size(); ++k) {
        const auto i = std::size_t(m_imageMember[k]);
        const float v = speeds[i];
        if (!std::isfinite(v))
            continue;
        const std::size_t j = k % kSphereParts;
        const std::size_t slot = at[j]++;
        std::copy_n(&m_imageXyz[3 * k], 3, &xyz[j][3 * slot]);
        rad[j][slot] = s.radii[i];
        spd[j][slot] = v;
        if (byBody) {
            const QColor c = bodyColour(s.bodyOf(i));
            rgb[j][3 * slot] = static_cast<unsigned char>(c.red());
            rgb[j][3 * slot + 1] = static_cast<unsigned char>(c.green());
            rgb[j][3 * slot + 2] = static_cast<unsigned char>(c.blue());
        }
    }
    for (SpherePart& part : p.parts) {
        part.points->Modified();
        part.radius->Modified();
        part.speed->Modified();
        part.bodyRgb->Modified();
        part.bodies->Modified();
    }
    m_drawn = m;
    // colour scale: up to the 98th percentile (a two-sided scale from the 2nd), growing at once
    // and shrinking slowly, so one stray body does not wash out the rest and the scale does not
    // flicker; held, it stays where it is
    const bool twoSided =
        (colourScaleTwoSided(m_colourMode) && &speeds == &s.memberValues) || (&speeds == &s.speeds && s.speedsTwoSided);
    double target = 0.0, targetLow = 0.0;
    if (!finiteSpeeds.empty()) {
        const std::size_t k = (finiteSpeeds.size() * 98) / 100;
        std::nth_element(finiteSpeeds.begin(), finiteSpeeds.begin() + long(k), finiteSpeeds.end());
        target = finiteSpeeds[std::min(k, finiteSpeeds.size() - 1)];
        if (twoSided) {
            const std::size_t l = (finiteSpeeds.size() * 2) / 100;
            std::nth_element(finiteSpeeds.begin(), finiteSpeeds.begin() + long(l), finiteSpeeds.end());
            targetLow = finiteSpeeds[l];
        }
    }
    // shrink with a one-second time constant of wall time, whatever the frame rate
    const double elapsed = m_scaleClock.isValid() ? m_scaleClock.restart() * 1e-3 : 0.0;
    if (!m_scaleClock.isValid())
        m_scaleClock.start();
    const double decay = std::exp(-elapsed / kScaleMemory);
    if (m > 0 && (!m_holdRange || !m_scaleStarted)) {
        if (twoSided) {
            // each end relaxes toward its percentile from outside, moves out at once
            const bool first = !m_scaleStarted;
            m_colourLow = first ? targetLow : std::min(targetLow, targetLow - (targetLow - m_colourLow) * decay);
            m_speedMax = first ? target : std::max(target, target + (m_speedMax - target) * decay);
            if (!(m_speedMax > m_colourLow))
                m_speedMax = m_colourLow + std::max(1e-6, 1e-6 * std::abs(m_colourLow));
        } else {
            m_colourLow = 0.0;
            m_speedMax = std::max({target, decay * m_speedMax, 1e-6});
        }
        m_scaleStarted = true;
    }
    // the colour bar re-renders its labels when the scale changes: only for a visible change
    const double span = std::max(p.speedMax - p.speedMin, 0.0);
    if (std::abs(m_speedMax - p.speedMax) > 0.03 * span || std::abs(m_colourLow - p.speedMin) > 0.03 * span ||
        span == 0.0) {
        p.speedMax = m_speedMax;
        p.speedMin = m_colourLow;
        p.speedColors->RemoveAllPoints();
        p.speedColors->AddRGBPoint(p.speedMin, 0.230, 0.299, 0.754);
        p.speedColors->AddRGBPoint(std::max(p.speedMax, p.speedMin + 1e-12), 0.706, 0.016, 0.150);
    }
    p.scalarBar->SetVisibility(m > 0 && !byBody && !m_compact);
    const char* title = colourTitle(s, speeds);
    if (std::string_view(p.scalarBar->GetTitle()) != title) {
        p.scalarBar->SetTitle(title);
        // a count or an id in whole numbers up to thousands; a magnitude in two figures
        const bool counts =
            s.memberQuantity == MemberQuantity::BodyId || s.memberQuantity == MemberQuantity::Coordination;
        p.scalarBar->SetLabelFormat(&speeds == &s.memberValues && counts ? "%.0f" : twoSided ? "%.3g" : "%.2g");
        m_barViewW = 0; // laid out again for the new title
    }

    char caption[256];
    const char* name = s.scene ? s.scene->name.c_str() : "";
    if (s.bodyCount() != n)
        std::snprintf(caption, sizeof caption, "%s    t = %.4f s    %zu %s, %zu spheres", name, s.time, s.bodyCount(),
                      s.bodyCount() == 1 ? "body" : "bodies", m);
    else
        std::snprintf(caption, sizeof caption, "%s    t = %.4f s    %zu spheres", name, s.time, m);
    if (m_overlayOptions.forceChains && s.chainsAsked && !m_compact) {
        const std::size_t used = std::strlen(caption);
        // a line of its own: the view's width holds the scene's line, not both
        std::snprintf(caption + used, sizeof caption - used, "\nforce chains: %zu, the widest at %.3g N",
                      m_chains->drawnCount(), m_chains->forceScale());
    }
    if (m_compact)
        std::snprintf(caption, sizeof caption, "t = %.4f s", s.time);
    p.caption->SetInput(caption);
}

// ------------------------------------------------------------------------------------------------
QColor SceneView::bondColour(float load, int mode)
{
    if (load >= 0.f) {
        // green at rest, amber at half the strength, red where it breaks (and beyond)
        const double t = std::clamp(double(load), 0.0, 1.0);
        constexpr double kRamp[3][3] = {{0.13, 0.63, 0.30}, {0.96, 0.70, 0.05}, {0.84, 0.09, 0.11}};
        const int seg = t < 0.5 ? 0 : 1;
        const double u = t < 0.5 ? 2.0 * t : 2.0 * t - 1.0;
        double rgb[3];
        for (int c = 0; c < 3; ++c)
            rgb[c] = kRamp[seg][c] + u * (kRamp[seg + 1][c] - kRamp[seg][c]);
        const QColor q = QColor::fromRgbF(float(rgb[0]), float(rgb[1]), float(rgb[2]));
        return QColor(q.red(), q.green(), q.blue()); // 8-bit, as uploaded
    }
    if (mode >= 0 && mode < kBondModes) {
        const std::uint32_t rgb = energyTerm(kModeTerms[mode]).rgb;
        return QColor(int((rgb >> 16) & 0xff), int((rgb >> 8) & 0xff), int(rgb & 0xff));
    }
    return QColor(122, 126, 134); // no energy held
}

void SceneView::uploadBonds(const FrameSnapshot& s)
{
    // the bonds whose two spheres are drawn; the line topology (line k: points 2k, 2k + 1)
    // changes with their number only, the ends and colours are overwritten in place
    Pipeline& p = *m_p;
    const std::size_t n = s.memberCount();
    auto drawnEnd = [&](int member) {
        return member >= 0 && std::size_t(member) < n && drawable(s, std::size_t(member));
    };
    std::size_t count = 0;
    for (std::size_t k = 0; k < s.bondCount(); ++k)
        count += drawnEnd(s.bondMembers[2 * k]) && drawnEnd(s.bondMembers[2 * k + 1]);
    p.bondRgb->SetNumberOfTuples(static_cast<vtkIdType>(count));
    p.bondEnds.resize(8 * count);
    bool modes = false;
    bool loads = false;
    std::size_t at = 0;
    m_selectedLine = -1;
    for (std::size_t k = 0; k < s.bondCount(); ++k) {
        const int a = s.bondMembers[2 * k];
        const int b = s.bondMembers[2 * k + 1];
        if (!drawnEnd(a) || !drawnEnd(b))
            continue;
        if (m_selectedBond[0] >= 0) {
            const int ba = s.bodyOf(std::size_t(a)), bb = s.bodyOf(std::size_t(b));
            if ((ba == m_selectedBond[0] && bb == m_selectedBond[1]) ||
                (ba == m_selectedBond[1] && bb == m_selectedBond[0]))
                m_selectedLine = static_cast<long long>(at);
        }
        for (int e = 0; e < 2; ++e) {
            const auto member = std::size_t(e == 0 ? a : b);
            float* end = &p.bondEnds[8 * at + 4 * std::size_t(e)];
            std::copy_n(&s.positions[3 * member], 3, end);
            if (e == 1 && !s.bondShift.empty()) // (a periodic cell: to the partner's image)
                for (std::size_t c = 0; c < 3; ++c)
                    end[c] += s.bondShift[3 * k + c];
            end[3] = s.radii[member];
        }
        const float load = s.bondLoad[k];
        (load >= 0.f ? loads : modes) = true;
        const QColor c = bondColour(load, s.bondMode[k]);
        unsigned char* rgb = p.bondRgb->GetPointer(3 * static_cast<vtkIdType>(at));
        rgb[0] = static_cast<unsigned char>(c.red());
        rgb[1] = static_cast<unsigned char>(c.green());
        rgb[2] = static_cast<unsigned char>(c.blue());
        ++at;
    }
    if (count != m_bondsDrawn || p.bondLines->GetNumberOfCells() != static_cast<vtkIdType>(count)) {
        p.bondLines->Reset();
        for (std::size_t k = 0; k < count; ++k) {
            const vtkIdType ends[2] = {static_cast<vtkIdType>(2 * k), static_cast<vtkIdType>(2 * k + 1)};
            p.bondLines->InsertNextCell(2, ends);
        }
        p.bondLines->Modified();
    }
    p.bondRgb->Modified();
    m_bondsDrawn = count;
    p.liftStale = true;
    placeBondLegend(modes && !m_compact, loads && !m_compact);
}

void SceneView::uploadBondSelection(const FrameSnapshot& s)
{
    // the snapshot's selected bond when it is the one asked for (a snapshot published before the
    // worker saw a new selection carries the old one)
    const BondState* b = s.selectedBond ? &*s.selectedBond : nullptr;
    const bool match = b && m_selectedBond[0] >= 0 &&
                       ((b->bodies[0] == m_selectedBond[0] && b->bodies[1] == m_selectedBond[1]) ||
                        (b->bodies[0] == m_selectedBond[1] && b->bodies[1] == m_selectedBond[0]));
    if (match)
        m_bondFrame->update(*b);
    else
        m_bondFrame->hide();
}

bool SceneView::bondHighlighted() const
{
    const_cast<SceneView*>(this)->flushPipeline(); // VTK's actors: not while a frame renders
    return m_p->bondRimActor->GetVisibility() != 0;
}

void SceneView::collectBreaks(const FrameSnapshot& s)
{
    // a new run (a load or reset) numbers its breaks afresh
    const long long revision = s.scene ? s.scene->revision : -1;
    if (revision != m_breakRevision || s.bondBreaks < m_breaksSeen || s.time < m_breakTime) {
        m_breakRevision = revision;
        m_breaksSeen = 0;
        if (!m_breakMarks.empty())
            m_p->liftStale = true;
        m_breakMarks.clear();
    }
    m_breakTime = s.time;
    // the breaks not marked yet (those the snapshot still carries), from now on for m_breakSeconds
    const long long carried = static_cast<long long>(s.recentBreaks.size());
    const long long first = std::max(m_breaksSeen, s.bondBreaks - carried);
    const qint64 until = m_breakClock.elapsed() + qint64(std::lround(1000.0 * m_breakSeconds));
    for (long long k = first; k < s.bondBreaks; ++k) {
        const BrokenBond& b = s.recentBreaks[std::size_t(k - (s.bondBreaks - carried))];
        if (!finite3(b.point) || !std::isfinite(b.radius) || b.radius <= 0.f)
            continue;
        m_breakMarks.push_back({{b.point[0], b.point[1], b.point[2]}, b.radius, until});
        m_p->liftStale = true;
    }
    m_breaksSeen = std::max(m_breaksSeen, s.bondBreaks);
}

void SceneView::placeBondsAndBreaks(bool bondsShown)
{
    Pipeline& p = *m_p;
    // markers whose time is up go; a frame is asked for when the next one is due
    const qint64 now = m_breakClock.elapsed();
    const std::size_t before = m_breakMarks.size();
    std::erase_if(m_breakMarks, [now](const BreakMark& m) { return m.until <= now; });
    if (m_breakMarks.size() != before)
        p.liftStale = true;
    if (!m_breakMarks.empty()) {
        qint64 next = m_breakMarks.front().until;
        for (const BreakMark& m : m_breakMarks)
            next = std::min(next, m.until);
        m_breakTimer.start(int(std::clamp<qint64>(next - now + 5, 1, 1 << 30)));
    } else {
        m_breakTimer.stop();
    }
    p.bondActor->SetVisibility(bondsShown && m_bondsDrawn > 0);
    p.bondEdgeActor->SetVisibility(p.bondActor->GetVisibility() && p.bondActor->GetProperty()->GetLineWidth() >= 2.5f);
    p.breakActor->SetVisibility(!m_breakMarks.empty());
    const bool rim = bondsShown && m_selectedLine >= 0 && std::size_t(m_selectedLine) < m_bondsDrawn;
    p.bondRimActor->SetVisibility(rim);

    // each point lifted toward the eye along its view ray until it is r nearer in view depth:
    // q = x + (r / z) (eye - x), z its view depth (a parallel projection: r along the view)
    vtkCamera* cam = p.renderer->GetActiveCamera();
    const int* size = renderWindow()->GetSize();
    if (!p.liftStale && cam == p.liftCamera && cam->GetMTime() == p.liftCameraTime && size[1] == p.liftHeight)
        return;
    p.liftStale = false;
    p.liftCamera = cam;
    p.liftCameraTime = cam->GetMTime();
    p.liftHeight = size[1];
    double eyeXyz[3], focal[3];
    cam->GetPosition(eyeXyz);
    cam->GetFocalPoint(focal);
    const Vec3 eye(eyeXyz[0], eyeXyz[1], eyeXyz[2]);
    Vec3 view = Vec3(focal[0], focal[1], focal[2]) - eye;
    view = view.norm() > 0.0 ? Vec3(view.normalized()) : Vec3(0.0, 0.0, -1.0);
    const bool parallel = cam->GetParallelProjection() != 0;
    auto lift = [&](const float* x, double r, float* out) {
        const Vec3 q(x[0], x[1], x[2]);
        Vec3 lifted = q - r * view;
        if (!parallel) {
            const double z = (q - eye).dot(view);
            lifted = z > 0.0 ? Vec3(q + std::min(r / z, 0.9) * (eye - q)) : q;
        }
        for (int c = 0; c < 3; ++c)
            out[c] = static_cast<float>(lifted[c]);
    };
    // lines about a third of a sphere's radius on screen, at most kBondLineWidth (a dense
    // packing seen whole would be a cage of lines); a dark edge only on lines wide enough
    double meanRadius = 0.0;
    for (std::size_t e = 0; e < 2 * m_bondsDrawn; ++e)
        meanRadius += p.bondEnds[4 * e + 3];
    meanRadius = m_bondsDrawn > 0 ? meanRadius / double(2 * m_bondsDrawn) : 0.0;
    const double distance = (Vec3(focal[0], focal[1], focal[2]) - eye).norm();
    const double pixelsPerMetre = parallel ? size[1] / (2.0 * std::max(cam->GetParallelScale(), 1e-30))
                                           : size[1] / (2.0 * std::max(distance, 1e-30) *
                                                        std::tan(0.5 * cam->GetViewAngle() * std::numbers::pi / 180.0));
    const double width = std::clamp(0.3 * meanRadius * pixelsPerMetre, 1.5, double(kBondLineWidth));
    p.bondActor->GetProperty()->SetLineWidth(float(width));
    p.bondEdgeActor->GetProperty()->SetLineWidth(float(width + 2.0));
    p.bondRimActor->GetProperty()->SetLineWidth(float(width + 6.0));
    p.bondEdgeActor->SetVisibility(p.bondActor->GetVisibility() && width >= 2.5);

    p.bondPoints->SetNumberOfPoints(static_cast<vtkIdType>(2 * m_bondsDrawn));
    p.bondEdgePoints->SetNumberOfPoints(static_cast<vtkIdType>(2 * m_bondsDrawn));
    float* xyz = static_cast<vtkFloatArray*>(p.bondPoints->GetData())->GetPointer(0);
    float* edge = static_cast<vtkFloatArray*>(p.bondEdgePoints->GetData())->GetPointer(0);
    for (std::size_t e = 0; e < 2 * m_bondsDrawn; ++e) {
        lift(&p.bondEnds[4 * e], p.bondEnds[4 * e + 3], xyz + 3 * e);
        lift(&p.bondEnds[4 * e], 0.9 * p.bondEnds[4 * e + 3], edge + 3 * e);
    }
    p.bondPoints->Modified();
    p.bonds->Modified();
    p.bondEdgePoints->Modified();
    p.bondEdges->Modified();
    if (m_selectedLine >= 0 && std::size_t(m_selectedLine) < m_bondsDrawn) {
        // behind the line's dark edge (lifted 0.9 r), so the rim shows round it
        float* rimXyz = static_cast<vtkFloatArray*>(p.bondRimPoints->GetData())->GetPointer(0);
        for (std::size_t e = 0; e < 2; ++e) {
            const std::size_t end = 2 * std::size_t(m_selectedLine) + e;
            lift(&p.bondEnds[4 * end], 0.8 * p.bondEnds[4 * end + 3], rimXyz + 3 * e);
        }
        p.bondRimPoints->Modified();
        p.bondRim->Modified();
    }

    // a burst about the size of the smaller sphere, its centre lifted past the spheres around it
    p.breakPoints->SetNumberOfPoints(static_cast<vtkIdType>(m_breakMarks.size()));
    p.breakRadius->SetNumberOfValues(static_cast<vtkIdType>(m_breakMarks.size()));
    float* bxyz = static_cast<vtkFloatArray*>(p.breakPoints->GetData())->GetPointer(0);
    for (std::size_t k = 0; k < m_breakMarks.size(); ++k) {
        const BreakMark& m = m_breakMarks[k];
        lift(m.point, 2.0 * m.radius, bxyz + 3 * k);
        p.breakRadius->SetValue(static_cast<vtkIdType>(k), float(kBreakMarkerScale) * m.radius);
    }
    p.breakPoints->Modified();
    p.breakRadius->Modified();
    p.breaks->Modified();
}

void SceneView::placeBondLegend(bool modes, bool loads)
{
    // row "bonds: normal shear twist bend" in the modes' colours, row "bond load / strength: 0
    // 0.25 0.5 0.75 1" in the ramp's; over the caption, word after measured word
    Pipeline& p = *m_p;
    const int rows = (modes ? 1 : 0) | (loads ? 2 : 0);
    const int dpi = renderWindow()->GetDPI();
    if (rows == m_legendRows && dpi == m_legendDpi)
        return;
    m_legendRows = rows;
    m_legendDpi = dpi;
    const QColor ink = QColor::fromRgbF(0.15f, 0.17f, 0.22f);
    int y = 34;
    for (int row = 0; row < 2; ++row) {
        auto& words = p.legend[std::size_t(row)];
        const bool shown = row == 0 ? modes : loads;
        for (auto& w : words)
            w->SetVisibility(false);
        if (!shown)
            continue;
        std::array<std::pair<const char*, QColor>, kLegendWords> text{};
        if (row == 0) {
            text[0] = {"bonds:", ink};
            for (int m = 0; m < kBondModes; ++m)
                text[std::size_t(m + 1)] = {kModeWords[m], bondColour(-1.f, m)};
        } else {
            text[0] = {"bond load / strength:", ink};
            constexpr const char* kLoads[5] = {"0", "0.25", "0.5", "0.75", "1"};
            for (int k = 0; k < 5; ++k)
                text[std::size_t(k + 1)] = {kLoads[k], bondColour(0.25f * float(k), -1)};
        }
        int x = 12;
        for (std::size_t k = 0; k < words.size() && text[k].first; ++k) {
            LockedTextActor* w = words[k];
            vtkTextProperty* tp = w->GetTextProperty();
            tp->SetColor(text[k].second.redF(), text[k].second.greenF(), text[k].second.blueF());
            tp->SetBold(k > 0);
            w->SetInput(text[k].first);
            w->SetDisplayPosition(x, y);
            w->SetVisibility(true);
            int box[4] = {0, 0, 0, 0};
            {
                std::lock_guard lock(vtkTextLock()); // FreeType's cache is shared with other threads
                vtkTextRenderer* tr = vtkTextRenderer::GetInstance();
                if (tr)
                    tr->GetBoundingBox(tp, text[k].first, box, dpi);
            }
            x += box[1] - box[0] + 1 + 9;
        }
        y += 22;
    }
}

QStringList SceneView::bondLegend() const
{
    const_cast<SceneView*>(this)->flushPipeline(); // VTK's actors: not while a frame renders
    QStringList rows;
    for (const auto& words : m_p->legend) {
        QStringList row;
        for (const auto& w : words)
            if (w->GetVisibility() && w->GetInput())
                row << QString::fromUtf8(w->GetInput());
        if (!row.isEmpty())
            rows << row.join(' ');
    }
    return rows;
}

QColor SceneView::drawnBondColour(std::size_t k) const
{
    // reads VTK's arrays: not while a frame renders
    const_cast<SceneView*>(this)->flushPipeline();
    if (k >= m_bondsDrawn)
        return {};
    const unsigned char* c = m_p->bondRgb->GetPointer(3 * static_cast<vtkIdType>(k));
    return QColor(c[0], c[1], c[2]);
}

// ------------------------------------------------------------------------------------------------
void SceneView::uploadSelection(const FrameSnapshot& s)
{
    // the selected body's finite members; a few points, so the arrays refill from empty
    // (Reset keeps their memory)
    Pipeline& p = *m_p;
    p.haloPoints->Reset();
    p.haloRadius->Reset();
    std::size_t count = 0;
    if (m_selectedBody >= 0) {
        for (std::size_t i = 0; i < s.memberCount(); ++i) {
            const float* x = &s.positions[3 * i];
            const float r = s.radii[i];
            if (s.bodyOf(i) != m_selectedBody || !drawable(s, i))
                continue;
            p.haloPoints->InsertNextPoint(x[0], x[1], x[2]);
            p.haloRadius->InsertNextValue(r);
            ++count;
        }
    }
    p.haloPoints->Modified();
    p.haloRadius->Modified();
    p.halo->Modified();
    p.haloActor->SetVisibility(count > 0);
    m_highlighted = count;
}

// ------------------------------------------------------------------------------------------------
bool SceneView::rayAt(const QPoint& widgetPos, Vec3& origin, Vec3& dir) const
{
    // the camera on screen (until the first frame: the camera as it is, once no frame renders)
    if (!m_shownCamera.valid) {
        const_cast<SceneView*>(this)->flushPipeline();
        const_cast<SceneView*>(this)->afterRender();
    }
    const ViewCamera& cam = m_shownCamera.valid ? m_shownCamera : m_p->rendered;
    if (!cam.valid)
        return false;
    // the ray through the pixel's centre: device pixels with y up, as the interactor gets them,
    // to view coordinates (-1..1) and unprojected at the near (z = -1) and far (z = 1) planes
    const double dpr = devicePixelRatioF();
    const double dx = (widgetPos.x() + 0.5) * dpr;
    const double dy = double(cam.height) - (widgetPos.y() + 0.5) * dpr;
    const double vx = 2.0 * dx / double(cam.width) - 1.0;
    const double vy = 2.0 * dy / double(cam.height) - 1.0;
    auto unproject = [&](double vz) {
        const Eigen::Vector4d w = cam.viewToWorld * Eigen::Vector4d(vx, vy, vz, 1.0);
        const double h = w[3] != 0.0 ? w[3] : 1.0;
        return Vec3(w[0] / h, w[1] / h, w[2] / h);
    };
    origin = unproject(-1.0);
    dir = unproject(1.0) - origin;
    if (!origin.allFinite() || !dir.allFinite() || dir.norm() == 0.0)
        return false;
    dir.normalize();
    return true;
}

int SceneView::memberHit(const FrameSnapshot& s, const Vec3& origin, const Vec3& dir, double& best) const
{
    // nearest entry point along the ray over every member sphere: |o + t d - c|^2 = r^2,
    // t = b -+ sqrt(b^2 - |o - c|^2 + r^2) with b = d.(c - o)
    // only the spheres drawn in that frame (every stride-th at a coarse level of detail)
    best = std::numeric_limits<double>::infinity();
    int member = -1;
    const std::size_t stride = m_shown ? std::size_t(shownDetail().stride) : 1;
    for (std::size_t i = 0; i < s.memberCount(); i += stride) {
        const float* x = &s.positions[3 * i];
        const double r = s.radii[i];
        if (!finite3(x) || !std::isfinite(r) || r <= 0.0)
            continue;
        const Vec3 oc = Vec3(x[0], x[1], x[2]) - origin;
        const double b = dir.dot(oc);
        const double disc = b * b - oc.squaredNorm() + r * r;
        if (disc < 0.0)
            continue;
        const double root = std::sqrt(disc);
        const double t = b - root >= 0.0 ? b - root : b + root; // from inside: the exit
        if (t >= 0.0 && t < best) {
            best = t;
            member = int(i);
        }
    }
    return member;
}

int SceneView::bodyAt(const QPoint& widgetPos) const
{
    // the snapshot on screen (until the first frame: the newest)
    Vec3 origin, dir;
    if (!rayAt(widgetPos, origin, dir))
        return -1;
    const FrameSnapshot* s = m_shown ? m_shown.get() : m_snapshot.get();
    if (!s || s->memberCount() == 0)
        return -1;
    double t = 0.0;
    const int member = memberHit(*s, origin, dir, t);
    return member >= 0 ? s->bodyOf(std::size_t(member)) : -1;
}

std::array<int, 2> SceneView::bondAt(const QPoint& widgetPos) const
{
    const std::array<int, 2> none{-1, -1};
    Vec3 origin, dir;
    if (!rayAt(widgetPos, origin, dir))
        return none;
    const FrameSnapshot* s = m_shown ? m_shown.get() : m_snapshot.get();
    // bonds are drawn at full quality and the finest levels only (stride 1)
    if (!s || s->bondCount() == 0 || (m_shown && shownDetail().stride != 1))
        return none;
    const ViewCamera& cam = m_shownCamera.valid ? m_shownCamera : m_p->rendered;
    const Eigen::Matrix4d worldToView = cam.viewToWorld.inverse();
    const double dpr = devicePixelRatioF();
    // the click and every bond end in device pixels (y up), as rayAt reads them
    const Eigen::Vector2d click((widgetPos.x() + 0.5) * dpr, double(cam.height) - (widgetPos.y() + 0.5) * dpr);
    auto toScreen = [&](const Vec3& x, Eigen::Vector2d& out) {
        const Eigen::Vector4d v = worldToView * Eigen::Vector4d(x.x(), x.y(), x.z(), 1.0);
        if (!(v[3] > 0.0)) // behind the eye
            return false;
        out = Eigen::Vector2d((v[0] / v[3] + 1.0) * 0.5 * cam.width, (v[1] / v[3] + 1.0) * 0.5 * cam.height);
        return out.allFinite();
    };
    const double reach = kBondPickPixels * dpr;
    const std::size_t n = s->memberCount();
    double bestDepth = std::numeric_limits<double>::infinity();
    std::size_t bestBond = s->bondCount();
    double bestAlong = 0.0;
    for (std::size_t k = 0; k < s->bondCount(); ++k) {
        const int a = s->bondMembers[2 * k];
        const int b = s->bondMembers[2 * k + 1];
        if (a < 0 || b < 0 || std::size_t(a) >= n || std::size_t(b) >= n || !drawable(*s, std::size_t(a)) ||
            !drawable(*s, std::size_t(b)))
            continue;
        const float* pa = &s->positions[3 * std::size_t(a)];
        const float* pb = &s->positions[3 * std::size_t(b)];
        const Vec3 xa(pa[0], pa[1], pa[2]);
        Vec3 xb(pb[0], pb[1], pb[2]);
        if (!s->bondShift.empty()) // (a periodic cell: drawn to the partner's image)
            xb += Vec3(s->bondShift[3 * k], s->bondShift[3 * k + 1], s->bondShift[3 * k + 2]);
        Eigen::Vector2d sa, sb;
        if (!toScreen(xa, sa) || !toScreen(xb, sb))
            continue;
        // distance from the click to the segment on screen
        const Eigen::Vector2d seg = sb - sa;
        const double len2 = seg.squaredNorm();
        const double u = len2 > 0.0 ? std::clamp((click - sa).dot(seg) / len2, 0.0, 1.0) : 0.0;
        if ((sa + u * seg - click).norm() > reach)
            continue;
        // its depth along the ray where drawn: the closest point of the segment to the ray,
        // lifted toward the eye by the radius there, as the line is (placeBondsAndBreaks)
        const Vec3 d = xb - xa;
        const Vec3 w0 = xa - origin;
        const double dd = d.dot(d), dr = d.dot(dir), wd = w0.dot(d), wr = w0.dot(dir);
        const double denom = dd - dr * dr;
        const double along = denom > 1e-30 * dd ? std::clamp((dr * wr - wd) / denom, 0.0, 1.0) : u;
        const double radius = (1.0 - along) * s->radii[std::size_t(a)] + along * s->radii[std::size_t(b)];
        const double depth = (xa + along * d - origin).dot(dir) - radius;
        if (depth < bestDepth) {
            bestDepth = depth;
            bestBond = k;
            bestAlong = along;
        }
    }
    if (bestBond == s->bondCount())
        return none;
    const int a = s->bondMembers[2 * bestBond];
    const int b = s->bondMembers[2 * bestBond + 1];
    const std::array<int, 2> bond{s->bodyOf(std::size_t(a)), s->bodyOf(std::size_t(b))};
    // a sphere drawn over the line keeps the click: one nearer than the line, or the bond's own
    // sphere away from the middle half of the line (near its centre the sphere is what one means)
    double t = 0.0;
    const int member = memberHit(*s, origin, dir, t);
    if (member < 0)
        return bond;
    const int body = s->bodyOf(std::size_t(member));
    if (body == bond[0] || body == bond[1])
        return bestAlong >= 0.25 && bestAlong <= 0.75 ? bond : none;
    return t < bestDepth ? none : bond;
}

// ------------------------------------------------------------------------------------------------
void SceneView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        m_pressPos = event->position().toPoint();
        m_clickArmed = true;
    }
    VtkOpenGLWidget::mousePressEvent(event);
}

void SceneView::mouseMoveEvent(QMouseEvent* event)
{
    // moved too far: the press is a trackball drag, not a click
    if (m_clickArmed && (event->position().toPoint() - m_pressPos).manhattanLength() > kClickSlop)
        m_clickArmed = false;
    VtkOpenGLWidget::mouseMoveEvent(event);
}

void SceneView::mouseReleaseEvent(QMouseEvent* event)
{
    VtkOpenGLWidget::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton || !m_clickArmed)
        return;
    m_clickArmed = false;
    const QPoint pos = event->position().toPoint();
    if ((pos - m_pressPos).manhattanLength() > kClickSlop)
        return;
    // a bond where its line is drawn over the spheres (bondAt), else the sphere, else nothing
    const std::array<int, 2> bond = bondAt(pos);
    if (bond[0] >= 0) {
        emit bondClicked(bond[0], bond[1]);
        return;
    }
    const int body = bodyAt(pos);
    emit bodyClicked(body);
    if (body < 0)
        emit bondClicked(-1, -1);
}

// ------------------------------------------------------------------------------------------------
void SceneView::rebuildWalls(const SceneInfo& info)
{
    vtkNew<vtkPoints> pts;
    vtkNew<vtkCellArray> polys;
    for (const Wall& w : info.walls) {
        const auto poly = clipPlaneToBox(w.point, w.normal, info.bounds);
        if (poly.size() < 3)
            continue;
        std::vector<vtkIdType> ids;
        for (const auto& q : poly)
            ids.push_back(pts->InsertNextPoint(q[0], q[1], q[2]));
        polys->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
    }
    m_p->walls->SetPoints(pts);
    m_p->walls->SetPolys(polys);
    m_p->walls->Modified();
}

// ------------------------------------------------------------------------------------------------
void SceneView::resetCamera()
{
    editPipeline([this]() { placeCamera(); });
    requestRender();
}

void SceneView::placeCamera()
{
    if (!m_snapshot || !m_snapshot->scene)
        return;
    const SceneInfo& info = *m_snapshot->scene;
    const Vec3 up(info.up[0], info.up[1], info.up[2]);
    // two horizontal directions: x projected off the vertical, and the one left of it
    Vec3 e1 = Vec3::UnitX() - up * up.x();
    if (e1.norm() < 1e-6)
        e1 = Vec3::UnitY() - up * up.y();
    e1.normalize();
    const Vec3 e2 = up.cross(e1);
    // a 3/4 view from the front right, looking down about 30 degrees
    const Vec3 dir = (0.55 * e1 - 0.95 * e2 + 0.62 * up).normalized();
    const double* b = info.bounds;
    const Vec3 centre(0.5 * (b[0] + b[1]), 0.5 * (b[2] + b[3]), 0.5 * (b[4] + b[5]));

    vtkCamera* cam = m_p->renderer->GetActiveCamera();
    cam->SetFocalPoint(centre.x(), centre.y(), centre.z());
    cam->SetPosition(centre.x() + dir.x(), centre.y() + dir.y(), centre.z() + dir.z());
    cam->SetViewUp(up.x(), up.y(), up.z());
    cam->SetViewAngle(30.0);
    double bounds[6];
    std::copy(b, b + 6, bounds);
    m_p->renderer->ResetCamera(bounds);
    cam->Zoom(1.25);
    m_p->renderer->ResetCameraClippingRange(bounds);
}

} // namespace tumble::ui
