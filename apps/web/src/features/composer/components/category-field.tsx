import { CATEGORIES } from '@campus/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, ChevronRight, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { MenuContent } from '@/components/ui/menu-content.tsx';
import styles from './composer.module.css';

export const CATEGORY_TEXTS = {
  category: 'Category',
  noCategory: 'No category',
  chooseCategory: 'Choose a category',
} as const;

function categoryText(value: string | null): string | null {
  return CATEGORIES.find((c) => c.value === value)?.text ?? null;
}

function ChipLabel({ value }: { value: string | null }) {
  const text = categoryText(value);
  return (
    <>
      <Tag className={styles.chipIcon} aria-hidden="true" size={16} />
      {text ? (
        <>
          <span className="visually-hidden">{CATEGORY_TEXTS.category}: </span>
          <span className={styles.chipText}>{text}</span>
        </>
      ) : (
        <span className={styles.chipText}>{CATEGORY_TEXTS.category}</span>
      )}
    </>
  );
}

interface CategoryMenuProps {
  value: string | null;
  onChange: (value: string | null) => void;
}

/** Desktop: the 30 categories in a menu (arrow keys and type-ahead work). */
export function CategoryMenu({ value, onChange }: CategoryMenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={styles.chip} data-filled={value !== null}>
        <ChipLabel value={value} />
        <ChevronDown className={styles.chipIcon} aria-hidden="true" size={16} />
      </DropdownMenu.Trigger>
      <MenuContent className={styles.menu} align="start">
        <DropdownMenu.Label className={styles.menuLabel}>{CATEGORY_TEXTS.chooseCategory}</DropdownMenu.Label>
        <DropdownMenu.RadioGroup value={value ?? ''} onValueChange={(next) => onChange(next === '' ? null : next)}>
          <DropdownMenu.RadioItem value="" className={styles.menuItem}>
            {CATEGORY_TEXTS.noCategory}
            <DropdownMenu.ItemIndicator className={styles.menuCheck}>
              <Check aria-hidden="true" size={16} />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
          {CATEGORIES.map((category) => (
            <DropdownMenu.RadioItem key={category.value} value={category.value} className={styles.menuItem}>
              {category.text}
              <DropdownMenu.ItemIndicator className={styles.menuCheck}>
                <Check aria-hidden="true" size={16} />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

/** Narrow screens: the category page (/create/categories) instead of a menu. */
export function CategoryLink({ value, to }: { value: string | null; to: string }) {
  return (
    <Link className={styles.chip} data-filled={value !== null} to={to}>
      <ChipLabel value={value} />
      <ChevronRight className={styles.chipIcon} aria-hidden="true" size={16} />
    </Link>
  );
}
