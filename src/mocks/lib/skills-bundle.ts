import type { components } from '@/api/schema.gen'
import type { MockDb, SessionRecord } from '../db/types'
import { isRecord } from './responses'

type SkillsBundle = components['schemas']['SkillsBundle']
type SkillEntry = SkillsBundle['skills'][number]

function base64(text: string): string {
  return btoa(String.fromCodePoint(...new TextEncoder().encode(text)))
}

/** A file of a skill as upstream's SkillsBundleService sends it: text goes base64 with utf8 encoding. */
function resourceEntry(path: string, content: string): SkillEntry['resources'][string] {
  return {
    encoding: 'utf8',
    contentBase64: base64(content),
    executable: path.includes('/scripts/') || path.startsWith('scripts/') || /\.(sh|py)$/.test(path),
  }
}

/**
 * What `GET …/sessions/{id}/skills` answers: the skills of the session's agent, each with its
 * SKILL.md and resource files, for the worker to stage under `<workDir>/skills/<name>/`. A skill
 * in the definition may carry `description`, `content` (SKILL.md) and `files` (path → text).
 */
export function skillsBundle(db: MockDb, record: SessionRecord): SkillsBundle {
  const { session } = record
  const skills = db.agents.get(session.agentId)?.definition.skills ?? []
  return {
    sessionId: session.id,
    agentId: session.agentId,
    skills: skills.flatMap((skill) => {
      const name = typeof skill.name === 'string' ? skill.name : ''
      if (!name) return []
      const description = typeof skill.description === 'string' ? skill.description : `The ${name} skill.`
      const version = typeof skill.version === 'string' ? ` (${skill.version})` : ''
      const content =
        typeof skill.content === 'string'
          ? skill.content
          : `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}${version}\n\n${description}\n`
      const files = isRecord(skill.files) ? skill.files : {}
      const resources: SkillEntry['resources'] = {}
      for (const [path, value] of Object.entries(files)) {
        if (typeof value === 'string') resources[path] = resourceEntry(path, value)
      }
      return [{ name, description, source: 'workspace', skillContent: content, resources }]
    }),
  }
}
