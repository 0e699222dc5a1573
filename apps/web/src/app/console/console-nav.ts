import { mayOperate, type OperatorRole } from '@riderdesk/domain/console/roles';
import type { ConsoleSection } from './console-sections.ts';

/** The sections an operator of `role` sees, in the navigation's order. */
export const sectionsFor = <S extends Pick<ConsoleSection, 'roles'>>(sections: readonly S[], role: OperatorRole): S[] =>
  sections.filter((section) => mayOperate(role, section.roles));

/** The section a path is in (its own page or one below it), for the navigation's active item and the title. */
export function sectionOfPath<S extends Pick<ConsoleSection, 'path'>>(
  sections: readonly S[],
  pathname: string,
): S | null {
  return sections.find((section) => pathname === section.path || pathname.startsWith(`${section.path}/`)) ?? null;
}
