import SvgIcon from '@mui/material/SvgIcon';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/** The few Material icons the shell and the tables need (the icon package is not a dependency). */
function icon(path: string, name: string) {
  function Icon(props: SvgIconProps) {
    return (
      <SvgIcon aria-hidden {...props}>
        <path d={path} />
      </SvgIcon>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const MenuIcon = icon('M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z', 'MenuIcon');
export const CloseIcon = icon(
  'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
  'CloseIcon',
);
/** The "opens in a new tab" arrow's path (the shell draws it as a plain svg). */
export const OPEN_IN_NEW_PATH =
  'M19 19H5V5h7V3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2v-7h-2zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3z';
export const ViewColumnIcon = icon(
  'M14.67 5v14H9.33V5zm1 14H21V5h-5.33zm-7.34 0V5H3v14z',
  'ViewColumnIcon',
);
export const CheckBoxIcon = icon(
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2m-9 14-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z',
  'CheckBoxIcon',
);
export const CheckBoxBlankIcon = icon(
  'M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2',
  'CheckBoxBlankIcon',
);
export const CheckIcon = icon('M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z', 'CheckIcon');
export const SearchIcon = icon(
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14',
  'SearchIcon',
);
export const DeleteIcon = icon(
  'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z',
  'DeleteIcon',
);
/** A neutral computer: a device platform the console has no icon for. */
export const ComputerIcon = icon(
  'M20 18c1.1 0 1.99-.9 1.99-2L22 6c0-1.1-.9-2-2-2H4c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2H0v2h24v-2zM4 6h16v10H4z',
  'ComputerIcon',
);
