#include "io/EnergyCsvWriter.h"

#include "io/NumberFormat.h"

namespace tumble {

namespace {

void appendRow(std::string& out, const EnergySample& s)
{
    appendNumber(out, s.step);
    for (double v : {s.time, s.kineticTranslational, s.kineticRotational, s.potentialGravity, s.elastic, s.dissipated,
                     s.externalWork, s.total(), s.balanceError}) {
        out += ',';
        appendNumber(out, v);
    }
}

} // namespace

EnergyCsvWriter::EnergyCsvWriter(std::string path) : m_file(std::move(path))
{
    m_file.write(std::string(kHeader) + '\n');
}

void EnergyCsvWriter::write(const EnergySample& sample)
{
    m_line.clear();
    appendRow(m_line, sample);
    m_line += '\n';
    m_file.write(m_line);
    ++m_rows;
}

std::string EnergyCsvWriter::formatRow(const EnergySample& sample)
{
    std::string row;
    appendRow(row, sample);
    return row;
}

} // namespace tumble
