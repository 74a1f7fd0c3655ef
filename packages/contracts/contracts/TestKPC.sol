// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Test KPC
/// @notice Stand-in for the KPC token on development and test chains only. 18 decimals (ERC20's default).
contract TestKPC is ERC20, Ownable {
    constructor() ERC20("Test KPC", "KPC") Ownable(msg.sender) {}

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
